// Replay of a finished deal: "Play" steps through the deal once a second
// and stops at its last step (where there is no "Next" link any more) or
// when tapped again.  Without JavaScript the step links still work.
(function () {
  "use strict";
  let timer = null;

  function stop() {
    if (timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
    const button = document.querySelector("[data-replay-play]");
    if (button) {
      button.textContent = button.dataset.play;
      button.setAttribute("aria-pressed", "false");
    }
  }

  function step() {
    const next = document.querySelector("a[data-replay-next]");
    if (!next) {
      stop();
      return;
    }
    next.click();
  }

  function start(button) {
    button.textContent = button.dataset.pause;
    button.setAttribute("aria-pressed", "true");
    timer = window.setInterval(step, Number(button.dataset.interval) || 1000);
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-replay-play]");
    if (!button) return;
    if (timer === null) {
      start(button);
      step();
    } else {
      stop();
    }
  });

  // The board is swapped after each step: keep the new button's label in
  // step with the timer, and stop once the last step is shown.
  document.addEventListener("htmx:afterSwap", function () {
    const button = document.querySelector("[data-replay-play]");
    if (timer === null) return;
    if (!button) {
      stop();
      return;
    }
    button.textContent = button.dataset.pause;
    button.setAttribute("aria-pressed", "true");
  });
})();
