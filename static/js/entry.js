/* The table's entry form: the points stepper's - and + buttons, and the other
   side's points shown as the host types.  The most a deal can take is the
   input's own max (the party's ruleset), so no game's number is written here.
   Without JavaScript the buttons stay hidden and the number is typed. */
(function () {
  "use strict";
  var points = document.getElementById("points");
  if (!points) return;
  var other = document.getElementById("other");
  var total = parseInt(points.max, 10);

  function show() {
    var v = parseInt(points.value, 10);
    other.textContent = isNaN(v) ? total + " − x" : String(total - v);
  }

  document.querySelectorAll(".stepper [hidden]").forEach(function (e) { e.hidden = false; });
  document.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      var v = parseInt(points.value, 10);
      if (isNaN(v)) v = Math.round(total / 2);
      v = Math.min(total, Math.max(0, v + parseInt(button.dataset.step, 10)));
      points.value = v;
      show();
    });
  });
  points.addEventListener("input", show);
  show();
})();
