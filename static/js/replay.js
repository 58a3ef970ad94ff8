// Replay of a finished deal: "Play" steps through the deal (once a second,
// or every data-interval milliseconds) and stops at its last step, where
// there is no "Next" link any more, or when tapped again.  Each step is
// fetched with htmx one at a time: clicking a link htmx has not processed
// yet would load the whole page and lose the timer.  Without JavaScript the
// step links still work.
(function () {
  "use strict";
  let timer = null;
  let busy = false;

  function label(button, playing) {
    button.textContent = playing ? button.dataset.pause : button.dataset.play;
    button.setAttribute("aria-pressed", playing ? "true" : "false");
  }

  function stop() {
    if (timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
    const button = document.querySelector("[data-replay-play]");
    if (button) label(button, false);
  }

  function step() {
    if (busy) return;
    const next = document.querySelector("a[data-replay-next]");
    if (!next) {
      stop();
      return;
    }
    busy = true;
    window.htmx
      .ajax("GET", next.getAttribute("href"), { target: "#board", swap: "outerHTML" })
      .finally(function () {
        busy = false;
        const button = document.querySelector("[data-replay-play]");
        if (timer === null) return;
        if (button) {
          label(button, true);
        } else {
          stop(); // the last step has no Play button
        }
      });
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-replay-play]");
    if (!button) return;
    if (timer === null) {
      label(button, true);
      timer = window.setInterval(step, Number(button.dataset.interval) || 1000);
      step();
    } else {
      stop();
    }
  });
})();
