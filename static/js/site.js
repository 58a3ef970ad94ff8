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
