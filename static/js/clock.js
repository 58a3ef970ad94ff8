/* The round clock on the host's pages (the party's nav and the round page),
   the players' page and the board.

   The server renders the clock's end once, as an absolute UTC instant
   (data-clock-ends), and this counts down to it locally: a poll that finds
   nothing new (a 304) needs no new markup to keep the clock going.  Each
   tick looks the clocks up again, so a clock swapped in by htmx counts too.
   In the last minutes (data-clock-warn seconds) the clock gets the "warn"
   class; the blinking is in the CSS and stops for those who ask for less
   motion.  The sentences come from the page (data-clock-left, ...), so they
   are translated with the rest of it. */
(function () {
  "use strict";

  // A signed-in host's public pages load this twice (base.html and the page).
  if (window.pedroClockRunning) return;
  window.pedroClockRunning = true;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function shown(seconds) {
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    return (h ? h + ":" + two(m) : m) + ":" + two(s);
  }

  function tick() {
    var clocks = document.querySelectorAll("[data-clock-ends]");
    var now = Date.now();
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      var ends = Date.parse(clock.getAttribute("data-clock-ends"));
      if (isNaN(ends)) continue;
      var left = Math.max(0, Math.ceil((ends - now) / 1000));
      var warn = parseInt(clock.getAttribute("data-clock-warn"), 10) || 0;
      var text = clock.querySelector(".clock-text");
      var sentence;
      if (left === 0) sentence = clock.getAttribute("data-clock-over");
      else if (left <= warn) sentence = clock.getAttribute("data-clock-warning");
      else sentence = clock.getAttribute("data-clock-left");
      sentence = sentence.replace("%(time)s", shown(left));
      if (text && text.textContent !== sentence) text.textContent = sentence;
      clock.classList.toggle("warn", left > 0 && left <= warn);
      clock.classList.toggle("over", left === 0);
    }
  }

  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
})();
