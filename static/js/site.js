/* Every host page: a form with data-confirm asks before it posts (closing the
   last round, finishing the party).  Without JavaScript the form posts at
   once, as it always could. */
(function () {
  "use strict";
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) e.preventDefault();
  });
})();

/* The party form's "Rules of this game" link follows the game chosen. */
(function () {
  "use strict";
  document.addEventListener("change", function (e) {
    var select = e.target;
    if (!select.form || select.name !== "ruleset") return;
    var link = select.form.querySelector("a[data-rules-link]");
    if (link) link.href = link.getAttribute("data-rules-link") + encodeURIComponent(select.value) + "/";
  });
})();
