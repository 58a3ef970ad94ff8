/* Reading comfort: larger text and high contrast, for every page.

   Loaded in <head> without "defer", so the classes are on <html> before the
   page is drawn: no flash of the small, low-contrast page, even when the page
   came from a cache that the server rendered for someone else.  The choice
   is kept in a cookie (read by the server too, which renders the classes on
   the pages it makes for this browser) and copied to localStorage, which
   brings it back if the cookie is cleared.  The switch's buttons stay hidden
   without JavaScript. */
(function () {
  "use strict";
  var COOKIE = "pp_view";
  var CHOICES = ["text-large", "contrast"];
  var YEAR = 365 * 24 * 60 * 60;
  var root = document.documentElement;

  function fromCookie() {
    var match = document.cookie.match(/(?:^|;\s*)pp_view=([^;]*)/);
    return match ? match[1] : null;
  }
  function fromStorage() {
    try { return localStorage.getItem(COOKIE); } catch (err) { return null; }
  }
  function parse(value) {
    return (value || "").split(".").filter(function (c) { return CHOICES.indexOf(c) >= 0; });
  }
  function current() {
    return CHOICES.filter(function (c) { return root.classList.contains(c); });
  }
  function save(chosen) {
    var value = chosen.join(".");
    document.cookie = COOKIE + "=" + value + "; path=/; max-age=" + (value ? YEAR : 0) + "; SameSite=Lax";
    try {
      if (value) localStorage.setItem(COOKIE, value); else localStorage.removeItem(COOKIE);
    } catch (err) { /* private mode: the cookie is enough */ }
  }
  function apply(chosen) {
    CHOICES.forEach(function (c) { root.classList.toggle(c, chosen.indexOf(c) >= 0); });
  }

  // The address may ask for a choice (?large=1, ?contrast=1; 0 for off), as
  // a projector's board does: it holds for that page and is not kept.
  function asked(chosen) {
    var query = new URLSearchParams(window.location.search);
    var keys = { "text-large": "large", "contrast": "contrast" };
    return CHOICES.filter(function (c) {
      var value = query.get(keys[c]);
      return value === "1" || (value !== "0" && chosen.indexOf(c) >= 0);
    });
  }

  var stored = fromCookie();
  if (stored === null) {
    stored = fromStorage();
    if (stored) save(parse(stored));
  }
  apply(asked(parse(stored)));

  function showSwitches() {
    var buttons = document.querySelectorAll(".view-switch [data-view]");
    for (var i = 0; i < buttons.length; i++) {
      var on = root.classList.contains(buttons[i].getAttribute("data-view"));
      buttons[i].setAttribute("aria-pressed", on ? "true" : "false");
    }
    var groups = document.querySelectorAll(".view-switch[hidden]");
    for (var j = 0; j < groups.length; j++) groups[j].hidden = false;
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".view-switch [data-view]");
    if (!button) return;
    root.classList.toggle(button.getAttribute("data-view"));
    save(current());
    showSwitches();
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showSwitches);
  else showSwitches();
})();
