/* The players' page and the movement board.  htmx does the polling (hx-trigger
   on each live part); this adds "this is me" (kept in localStorage), the
   connection status, and the board's paging.  Without it the page still works:
   names are links to each player's own page. */
(function () {
  "use strict";
  var body = document.body;
  var status = document.getElementById("status");

  // A poll answered with the version already shown (a 304 the browser served
  // from its cache) changes nothing; an error keeps the old content.
  body.addEventListener("htmx:beforeSwap", function (e) {
    var tag = e.detail.xhr.getResponseHeader("ETag");
    var el = e.detail.target;
    if (!e.detail.shouldSwap || !tag) return;
    if (el.getAttribute("data-etag") === tag) e.detail.shouldSwap = false;
    else el.setAttribute("data-etag", tag);
  });

  body.addEventListener("htmx:afterRequest", function (e) {
    var ok = e.detail.successful === true;
    var code = e.detail.xhr ? e.detail.xhr.status : 0;
    body.classList.toggle("offline", !ok);
    if (!status || body.classList.contains("tv")) return;
    if (ok) status.textContent = "Live · checked " + new Date().toLocaleTimeString();
    else if (code === 404) status.textContent = "The host has closed this page for now.";
    else status.textContent = "No connection · trying again";
  });

  // Coming back to the page (the phone woke up, the tab was shown again) asks
  // at once instead of at the next tick.  Here, not as a trigger filter in the
  // template: filters are evaluated code, which the site's
  // Content-Security-Policy does not allow.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    var polled = document.querySelectorAll("[hx-get][hx-trigger]");
    for (var i = 0; i < polled.length; i++) htmx.trigger(polled[i], "refresh");
  });

  // --- the movement board: one page of names at a time, cycling --------------
  var board = document.getElementById("board");
  if (board) {
    var shown = 0;
    var pageNo = document.getElementById("page-no");
    var showPage = function () {
      var pages = board.querySelectorAll(".page");
      if (!pages.length) return;
      shown = shown % pages.length;
      for (var i = 0; i < pages.length; i++) pages[i].hidden = i !== shown;
      pageNo.textContent = pages.length > 1 ? "Page " + (shown + 1) + " of " + pages.length : "";
    };
    showPage();
    setInterval(function () { shown += 1; showPage(); }, 8000);
    body.addEventListener("htmx:afterSwap", showPage);
    return;
  }

  // --- the players' page: "this is me" -----------------------------------------
  var live = document.getElementById("live");
  if (!live) return;
  if (status) status.textContent = status.getAttribute("data-live");
  var key = live.getAttribute("data-me-key");
  var hint = document.getElementById("seat-hint").innerHTML;

  function load() { try { return localStorage.getItem(key); } catch (err) { return null; } }
  function save(id) {
    try { if (id) localStorage.setItem(key, id); else localStorage.removeItem(key); } catch (err) { /* private mode */ }
  }
  function mark() {
    var me = load();
    var rows = live.querySelectorAll("#standings [data-player]");
    for (var i = 0; i < rows.length; i++) {
      rows[i].classList.toggle("me", rows[i].getAttribute("data-player") === me);
    }
  }
  // Point the seat card at a player (or at nobody): a fresh element, so the
  // old one's polling ends with it, then htmx polls the new one.
  function follow(id) {
    var old = document.getElementById("seat");
    if ((old.getAttribute("data-for") || null) === id) return;
    var box = old.cloneNode(false);
    box.removeAttribute("data-etag");
    if (id) {
      box.setAttribute("hx-get", live.getAttribute("data-seat-url").replace(/\/0\/$/, "/" + id + "/"));
      box.setAttribute("hx-trigger", document.getElementById("standings").getAttribute("hx-trigger"));
      box.setAttribute("data-for", id);
      box.innerHTML = "<p class=\"hint\">Loading…</p>";
    } else {
      box.removeAttribute("hx-get");
      box.removeAttribute("hx-trigger");
      box.removeAttribute("data-for");
      box.innerHTML = hint;
    }
    old.replaceWith(box);
    if (id) { htmx.process(box); htmx.trigger(box, "refresh"); }
  }

  live.addEventListener("click", function (e) {
    var link = e.target.closest("a.who, a.change");
    if (!link) return;
    var row = link.closest("[data-player]");
    var id = row && link.classList.contains("who") ? row.getAttribute("data-player") : null;
    save(id);
    if (!id && live.hasAttribute("data-me")) return; // from a player's own link: go to the list
    e.preventDefault();
    mark();
    follow(id);
    // Glide up to the seat card, or jump there for those who asked for less motion.
    var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (id) window.scrollTo({ top: 0, behavior: calm ? "auto" : "smooth" });
  });
  body.addEventListener("htmx:afterSwap", mark);

  var mine = live.getAttribute("data-me");
  if (mine) {
    save(mine);
  } else {
    mine = load();
    if (mine && !live.querySelector("#standings [data-player=\"" + mine + "\"]")) mine = null;
    if (mine) { follow(mine); mark(); }
  }
})();
