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

  // Discards are chosen, then confirmed.  On a seat's turn to discard
  // ([data-discard-pick]), each card offered becomes a toggle (aria-pressed)
  // instead of a move of its own; the confirmation button sends one "card"
  // field per card chosen, in the order chosen, and the server applies them
  // all or none.  A refused request or a redrawn page keeps the choice of the
  // cards still offered.  Without this script each card is discarded when
  // tapped, and the confirmation stays hidden.
  var chosen = [];

  function discardArea() {
    return document.querySelector("#game [data-discard-pick]");
  }

  function showChoice(area) {
    var picks = area.querySelector("[data-discard-picks]");
    var confirm = area.querySelector("[data-discard-confirm]");
    picks.textContent = "";
    var byCard = {};
    area.querySelectorAll("button.pcard.discard").forEach(function (card) {
      byCard[card.dataset.card] = card;
      card.setAttribute("aria-pressed", chosen.indexOf(card.dataset.card) >= 0 ? "true" : "false");
    });
    chosen.forEach(function (code) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "card";
      input.value = code;
      picks.appendChild(input);
    });
    confirm.querySelector("button").disabled = chosen.length === 0;
    // "Keep my hand" would leave the cards chosen where they are.
    var keep = document.querySelector("#game button.choice.keep");
    if (keep) keep.disabled = chosen.length > 0;
    return byCard;
  }

  function discardPicker() {
    var area = discardArea();
    if (!area) {
      chosen = [];
      return;
    }
    var offered = [];
    area.querySelectorAll("button.pcard.discard").forEach(function (card) {
      card.type = "button";
      offered.push(card.dataset.card);
    });
    chosen = chosen.filter(function (code) { return offered.indexOf(code) >= 0; });
    area.querySelector("[data-discard-confirm]").hidden = false;
    showChoice(area);
  }

  discardPicker();
  body.addEventListener("htmx:afterSwap", discardPicker);
  // htmx enables the form's buttons again after a request that swapped nothing.
  body.addEventListener("htmx:afterRequest", function () {
    var area = discardArea();
    if (area) showChoice(area);
  });

  body.addEventListener("click", function (e) {
    var card = e.target.closest("[data-discard-pick] button.pcard.discard");
    if (!card || !discardArea()) return;
    e.preventDefault();
    var at = chosen.indexOf(card.dataset.card);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(card.dataset.card);
    showChoice(card.closest("[data-discard-pick]"));
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
