/* A table's page on the players' phones (templates/tableside/table.html).
   htmx polls the live part (entries, scores, totals, the entry form); this
   keeps what is on the screen when nothing changed, so a phone being typed
   on keeps its keyboard: a poll answered with the version already shown (a
   304 the browser served from its cache) is not swapped in.  Coming back to
   the page (the phone woke up) asks at once.  Without it the page still
   works: forms post, and "Check for new entries" reloads. */
(function () {
  "use strict";
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    var tag = e.detail.xhr.getResponseHeader("ETag");
    var el = e.detail.target;
    if (!e.detail.shouldSwap || !tag) return;
    if (el.getAttribute("data-etag") === tag) e.detail.shouldSwap = false;
    else el.setAttribute("data-etag", tag);
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    var live = document.getElementById("live");
    if (live) htmx.trigger(live, "refresh");
  });
})();
