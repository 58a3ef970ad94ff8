/* Online play.  htmx polls and posts (attributes in the templates); this adds
   the small things htmx does not: the page title and a buzz when it becomes
   your turn, a "no connection" note, and the creator page's Copy buttons
   (the word they show once copied comes translated in data-copied).
   Without JavaScript the pages still work: plain forms, and a refresh. */
(function () {
  "use strict";
  var body = document.body;

  body.addEventListener("htmx:afterSwap", function (e) {
    var game = document.getElementById("game");
    if (!game || e.detail.target.id !== "game") return;
    if (game.dataset.title) document.title = game.dataset.title;
    var mine = game.classList.contains("my-turn");
    if (mine && !body.dataset.myTurn && navigator.vibrate) navigator.vibrate(60);
    if (mine) body.dataset.myTurn = "1";
    else delete body.dataset.myTurn;
  });

  // A hidden page (another app in front, the phone asleep) does not poll; the
  // next tick after it is shown again asks at once.  A check here, not a
  // trigger filter in the template: filters are evaluated code, which the
  // site's Content-Security-Policy does not allow.
  body.addEventListener("htmx:beforeRequest", function (e) {
    var trigger = e.detail.elt.getAttribute("hx-trigger") || "";
    if (document.hidden && /^every /.test(trigger)) e.preventDefault();
  });

  body.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail.xhr;
    var reached = xhr && xhr.status > 0 && xhr.status < 500;
    body.classList.toggle("offline", !reached);
  });

  body.addEventListener("click", function (e) {
    var button = e.target.closest("[data-copy]");
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.dataset.copy).then(function () {
      var label = button.textContent;
      button.textContent = button.dataset.copied || label;
      setTimeout(function () { button.textContent = label; }, 1500);
    });
  });
})();
