/* global window, document */
// Script of the sandbox's hosted checkout page (authorization_url): opens the inline popup for the
// page's access code and, on success, returns to callback_url with ?trxref=&reference= like Paystack.
(function () {
  "use strict";
  var script = document.currentScript;
  var data = script ? script.dataset : {};
  var status = document.getElementById("checkout-status");
  var button = document.getElementById("checkout-open");

  function say(text) {
    if (status) status.textContent = text;
  }

  function open() {
    new window.PaystackPop().resumeTransaction(data.accessCode, {
      onSuccess: function (transaction) {
        say("Payment approved.");
        if (!data.callbackUrl) return;
        var url = new URL(data.callbackUrl, window.location.href);
        url.searchParams.set("trxref", transaction.reference);
        url.searchParams.set("reference", transaction.reference);
        window.location.assign(url.toString());
      },
      onCancel: function () {
        say("Payment cancelled. Open it again or close this page.");
      },
      onError: function (error) {
        say(error && error.message ? error.message : "The payment failed.");
      },
    });
  }

  if (button) button.addEventListener("click", open);
  open();
})();
