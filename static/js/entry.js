/* The table's entry form.
   - The points stepper: - and + buttons; a tapped bid sets the points to the
     bid (or to all a deal holds, for the shoot) until the host changes them.
   - The other side's points and a preview of the deal's result, computed by
     the rule the server uses (RULES.md 3.9) from the preview's data-
     attributes, which the page renders from the party's ruleset: no game's
     number is written here.
   - After a refused save: the error summary is read out and the first field
     in error is scrolled to and focused.
   Without JavaScript the buttons and preview stay hidden and the number is
   typed. */
(function () {
  "use strict";
  var summary = document.getElementById("error-summary");
  if (summary) {
    var field = summary.closest("form").querySelector(
      ".has-error input:not([type=hidden]), .has-error select"
    );
    if (field) {
      field.scrollIntoView({ block: "center" });
      field.focus({ preventScroll: true });
    } else {
      summary.focus();
    }
  }

  var form = document.getElementById("entry");
  var points = document.getElementById("points");
  if (!form || !points) return;
  var other = document.getElementById("other");
  var preview = document.getElementById("preview");
  var data = preview.dataset;
  var total = parseInt(data.total, 10);
  var shootBid = data.shootBid ? parseInt(data.shootBid, 10) : null;
  var touched = points.value !== "";

  function checked(name) {
    var input = form.querySelector("input[name=" + name + "]:checked");
    return input ? parseInt(input.value, 10) : NaN;
  }

  /* (made, bidding team's score) for a bid and the points its team took. */
  function dealScore(bid, took) {
    if (bid === shootBid) {
      return took === total ? [true, bid] : [false, -parseInt(data.shootPenalty, 10)];
    }
    return took >= bid ? [true, took] : [false, -bid];
  }

  function show() {
    var took = parseInt(points.value, 10);
    if (other) other.textContent = isNaN(took) ? total + " − x" : String(total - took);
    if (data.preview === "off") return;
    var bid = checked("bid");
    var bidder = checked("bidder");
    if (isNaN(took) || isNaN(bid) || isNaN(bidder) || took < 0 || took > total) {
      preview.hidden = true;
      return;
    }
    var result = dealScore(bid, took);
    var team = bidder % 2;
    var scores = [0, 0];
    scores[team] = result[1];
    scores[1 - team] = total - took;
    preview.textContent = data.text
      .replace("{outcome}", result[0] ? data.made : data.set)
      .replace("{took}", took)
      .replace("{other}", total - took)
      .replace("{team0}", parseInt(data.total0, 10) + scores[0])
      .replace("{team1}", parseInt(data.total1, 10) + scores[1]);
    preview.classList.toggle("set", !result[0]);
    preview.hidden = false;
  }

  document.querySelectorAll(".stepper [hidden]").forEach(function (e) { e.hidden = false; });
  document.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      var v = parseInt(points.value, 10);
      if (isNaN(v)) v = Math.round(total / 2);
      v = Math.min(total, Math.max(0, v + parseInt(button.dataset.step, 10)));
      points.value = v;
      touched = true;
      show();
    });
  });
  form.querySelectorAll("input[name=bid]").forEach(function (input) {
    input.addEventListener("change", function () {
      if (!touched) points.value = Math.min(parseInt(input.value, 10), total);
      show();
    });
  });
  form.querySelectorAll("input[name=bidder]").forEach(function (input) {
    input.addEventListener("change", show);
  });
  points.addEventListener("input", function () {
    touched = points.value !== "";
    show();
  });
  show();
})();
