/* The table's entry form.
   - The points buttons (one tap for any value a deal can give, rendered from
     the party's ruleset) and the stepper: - and + buttons; a tapped bid sets
     the points to the bid (or to all a deal holds, for the shoot) until the
     host changes them.  With a bid chosen, the values that would set it are
     marked.
   - The other side's points and a preview of the deal's result, computed by
     the rule the server uses (RULES.md 3.9) from the preview's data-
     attributes, which the page renders from the party's ruleset: no game's
     number is written here.
   - The deal's scores, while previewed, in the form's data-deal-scores
     ("team 0 team 1"): the offline queue counts a waiting deal with them.
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

  var pad = form.querySelectorAll(".points-pad [data-points]");

  /* The points buttons: the one showing the points pressed; where the
     preview knows the rule, those that would set the bid marked. */
  function showPad(took, bid) {
    pad.forEach(function (button) {
      var value = parseInt(button.dataset.points, 10);
      button.setAttribute("aria-pressed", value === took ? "true" : "false");
      var set = data.preview !== "off" && !isNaN(bid) && !dealScore(bid, value)[0];
      button.classList.toggle("set", set);
    });
  }

  function show() {
    var took = parseInt(points.value, 10);
    showPad(took, checked("bid"));
    if (other) other.textContent = isNaN(took) ? total + " − x" : String(total - took);
    delete form.dataset.dealScores;
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
    // The deal's scores, for the offline queue to count while it waits.
    form.dataset.dealScores = scores.join(" ");
    preview.textContent = data.text
      .replace("{outcome}", result[0] ? data.made : data.set)
      .replace("{took}", took)
      .replace("{other}", total - took)
      .replace("{team0}", parseInt(data.total0, 10) + scores[0])
      .replace("{team1}", parseInt(data.total1, 10) + scores[1]);
    preview.classList.toggle("set", !result[0]);
    preview.hidden = false;
  }

  document.querySelectorAll(".stepper [hidden], .points-pad[hidden]").forEach(function (e) {
    e.hidden = false;
  });
  pad.forEach(function (button) {
    button.addEventListener("click", function () {
      points.value = button.dataset.points;
      touched = true;
      show();
    });
  });
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
  // The offline queue empties the form for the next deal: no preview of the
  // deal before, and a tapped bid sets the points again.  (The reset event
  // comes before the fields are emptied.)
  form.addEventListener("reset", function () {
    window.setTimeout(function () {
      touched = false;
      show();
    }, 0);
  });
  show();
})();
