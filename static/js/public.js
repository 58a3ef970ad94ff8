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
    // The words are the page's own (data- attributes, in the page's language).
    var lang = document.documentElement.lang || undefined;
    if (ok) {
      status.textContent = (status.getAttribute("data-checked") || "%(time)s")
        .replace("%(time)s", new Date().toLocaleTimeString(lang));
    } else if (code === 404) status.textContent = status.getAttribute("data-closed") || "";
    else status.textContent = status.getAttribute("data-offline") || "";
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

  // --- the movement board: every name at once, views in turn -----------------
  // The board shows one view at a time (where everyone sits, the standings,
  // the round clock) and moves on every data-rotate seconds.  On a wide
  // screen ("fit" on the body, see public.css) the shown list fills what the
  // screen has left: for each number of columns the largest type with which
  // nothing is cut or scrolls is found, and the largest of all is kept.  On
  // a tall screen (a phone) it is one column to scroll.
  var board = document.getElementById("board");
  if (board) {
    var shown = 0;
    var pageNo = document.getElementById("page-no");
    var seconds = parseInt(board.getAttribute("data-rotate"), 10) || 15;
    var wide = window.matchMedia("(min-aspect-ratio: 1/1)");
    var root = document.documentElement;
    var MOST_COLUMNS = 8;
    var SMALLEST = 8; // px: below this the list is left as it is
    var LINE_HEIGHT = 1.25; // the list's, in public.css
    var WRAPPED_SHARE = 0.1; // of the names, at most, on two lines
    var SAMPLE = 20; // px: the type the names are measured in
    var fits = function (list, wraps) {
      if (list.scrollHeight > list.clientHeight + 1 || list.scrollWidth > list.clientWidth + 1) return false;
      // A word wider than its column would spill over its neighbour; only
      // "wraps" names may take two lines (they break at their spaces).
      var boxes = list.querySelectorAll("li, .n");
      var line = parseFloat(list.style.fontSize) * LINE_HEIGHT;
      var wrapped = 0;
      for (var i = 0; i < boxes.length; i++) {
        if (boxes[i].scrollWidth > boxes[i].clientWidth + 1) return false;
        if (boxes[i].className === "n" && boxes[i].offsetHeight > line * 1.5) wrapped += 1;
      }
      if (wrapped > wraps) return false;
      return root.scrollHeight <= window.innerHeight && root.scrollWidth <= window.innerWidth;
    };
    var arrange = function (list, columns, size) {
      var rows = Math.ceil(list.children.length / columns);
      list.style.gridTemplateColumns = "repeat(" + columns + ", minmax(0, 1fr))";
      list.style.gridTemplateRows = "repeat(" + rows + ", auto)";
      list.style.fontSize = size + "px";
    };
    // Each name's line (name, new-seat mark, table) measured once on one
    // line; the width of a line grows with the type, so the largest type for
    // each number of columns is worked out from these, and the best one is
    // then checked on the screen (and made smaller until it fits, if need be).
    var estimate = function (list) {
      var items = list.children;
      list.classList.add("measuring");
      arrange(list, 1, SAMPLE);
      var widths = [];
      for (var i = 0; i < items.length; i++) {
        var name = items[i].querySelector(".n");
        var table = items[i].querySelector(".t");
        var gap = parseFloat(window.getComputedStyle(items[i]).columnGap) || 0;
        widths.push((name ? name.scrollWidth : 0) + gap + (table ? table.offsetWidth : 0) + 2);
      }
      list.classList.remove("measuring");
      widths.sort(function (a, b) { return b - a; });
      var height = list.clientHeight, width = list.clientWidth;
      var gapPx = parseFloat(window.getComputedStyle(list).columnGap) || 0;
      var wraps = Math.floor(items.length * WRAPPED_SHARE);
      var best = { size: 0, columns: 1, wraps: 0 };
      var most = Math.min(MOST_COLUMNS, items.length) || 1;
      for (var c = 1; c <= most; c++) {
        var column = (width - (c - 1) * gapPx) / c;
        var rows = Math.ceil(items.length / c);
        for (var w = 0; w <= Math.min(wraps, items.length - 1); w++) {
          // the w longest names take two lines each
          var byWidth = column / (widths[w] / SAMPLE);
          var byHeight = (height - (rows + w)) / ((rows + w) * LINE_HEIGHT);
          var size = Math.min(byWidth, byHeight, window.innerHeight / 8);
          if (size > best.size * 1.02) best = { size: size, columns: c, wraps: w };
        }
      }
      return best;
    };
    var fit = function (view) {
      body.classList.toggle("fit", wide.matches);
      var list = view && view.querySelector(".names-board");
      if (!list) return;
      list.style.fontSize = "";
      list.style.gridTemplateColumns = "";
      list.style.gridTemplateRows = "";
      if (!wide.matches || !list.children.length) return;
      var best = estimate(list);
      var size = Math.floor(best.size * 2) / 2;
      arrange(list, best.columns, size);
      while (size > SMALLEST && !fits(list, best.wraps)) {
        size = Math.floor(size * 0.96 * 2) / 2;
        arrange(list, best.columns, size);
      }
    };
    var showView = function () {
      var views = board.querySelectorAll(".view");
      if (!views.length) { pageNo.textContent = ""; body.classList.remove("fit"); return; }
      shown = shown % views.length;
      for (var i = 0; i < views.length; i++) views[i].hidden = i !== shown;
      board.setAttribute("data-showing", views[shown].getAttribute("data-view"));
      pageNo.textContent = views.length > 1 ? (shown + 1) + " / " + views.length : "";
      fit(views[shown]);
    };
    showView();
    setInterval(function () { shown += 1; showView(); }, seconds * 1000);
    body.addEventListener("htmx:afterSwap", showView);
    // Measured again once everything is drawn (fonts, the reading-comfort
    // switch view.js shows) and whenever the screen changes size.
    window.addEventListener("load", showView);
    window.addEventListener("resize", showView);
    // The display options: O shows or hides them, Escape hides them; a Tab
    // into them shows them too (public.css).  A key pressed in a field is
    // the field's.
    var options = document.getElementById("board-options");
    if (options) {
      document.addEventListener("keydown", function (e) {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        if (e.key === "Escape") options.classList.remove("shown");
        else if (e.target.closest && e.target.closest("input, select, textarea")) return;
        else if (e.key === "o" || e.key === "O") options.classList.toggle("shown");
        else return;
        if (options.classList.contains("shown")) {
          var first = options.querySelector("button:not([hidden]), select");
          if (first) first.focus();
        } else if (options.contains(document.activeElement)) document.activeElement.blur();
      });
    }
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
      var loading = document.createElement("p");
      loading.className = "hint";
      loading.textContent = live.getAttribute("data-loading") || "…";
      box.replaceChildren(loading);
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
