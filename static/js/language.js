/* The language switcher: a new choice is sent at once, so its button is
   hidden.  Without JavaScript the button stays and sends the form. */
(function () {
  "use strict";
  function ready() {
    var selects = document.querySelectorAll("select[data-lang-switch]");
    for (var i = 0; i < selects.length; i++) {
      var button = selects[i].form && selects[i].form.querySelector(".lang-switch-go");
      if (button) button.hidden = true;
    }
  }
  document.addEventListener("change", function (e) {
    var select = e.target;
    if (select.matches && select.matches("select[data-lang-switch]")) select.form.submit();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
