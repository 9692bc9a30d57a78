/* global window, document */
// Sandbox stand-in for Paystack's v2 inline script. It defines the same entry point,
// new PaystackPop().resumeTransaction(accessCode, { onSuccess, onCancel, onError, onLoad }), and
// opens an overlay where the payer decides how the test charge ends. It only talks to the simulator
// it was loaded from.
(function () {
  "use strict";
  var overlay = window.HospipaySandboxOverlay;
  var script = document.currentScript;
  var source = script && script.src ? script.src : "";
  // The simulator's base: the script's own address minus "/v2/inline.js".
  var base = source.replace(/\/v2\/inline\.js(?:[?#].*)?$/, "");
  var current = null;

  function call(callback, argument) {
    if (typeof callback !== "function") return;
    if (arguments.length > 1) callback(argument);
    else callback();
  }

  function money(kobo, currency) {
    if (currency && currency !== "NGN") return currency + " " + (Number(kobo) / 100).toFixed(2);
    return overlay.naira(Number(kobo) / 100);
  }

  function PaystackPop() {}

  PaystackPop.prototype.resumeTransaction = function (accessCode, callbacks) {
    var handlers = callbacks || {};
    var finished = false;
    var transaction = null;
    if (current) current.dismiss();

    var dialog = overlay.open({
      title: "Paystack sandbox checkout",
      intro: "Choose how this test charge ends. No card is charged.",
      rows: [["Amount", "Loading…"]],
      buttons: [
        {
          label: "Pay",
          tone: "primary",
          onClick: function () {
            complete("success");
          },
        },
        {
          label: "Decline",
          tone: "danger",
          onClick: function () {
            complete("failed");
          },
        },
        { label: "Cancel", tone: "plain", onClick: cancel },
      ],
      onEscape: cancel,
    });

    function end() {
      finished = true;
      dialog.close();
      if (current && current.dialog === dialog) current = null;
    }

    function cancel() {
      if (finished) return;
      end();
      call(handlers.onCancel);
    }

    current = { dialog: dialog, dismiss: cancel };

    overlay.getJson(base + "/_widget/transaction/" + encodeURIComponent(String(accessCode))).then(
      function (result) {
        if (!result.ok) {
          dialog.setStatus(result.data.message || "Invalid access code", "error");
          return;
        }
        transaction = result.data;
        dialog.setRows([
          ["Amount", money(transaction.amount, transaction.currency)],
          ["Email", transaction.email],
          ["Reference", transaction.reference],
        ]);
        call(handlers.onLoad, { id: transaction.id, accessCode: accessCode, customer: { email: transaction.email } });
      },
      function () {
        dialog.setStatus("The payment details could not be loaded.", "error");
      },
    );

    function complete(outcome) {
      dialog.setBusy(true, outcome === "success" ? "Processing payment…" : "Declining payment…");
      overlay.postJson(base + "/_widget/complete", { access_code: accessCode, outcome: outcome }).then(
        function (result) {
          end();
          if (!result.ok) call(handlers.onError, { message: result.data.message || "The payment could not be completed" });
          else if (outcome === "success") call(handlers.onSuccess, result.data);
          else call(handlers.onError, { message: "Declined" });
        },
        function () {
          end();
          call(handlers.onError, { message: "Network error: the payment could not be completed" });
        },
      );
    }

    return { id: String(accessCode) };
  };

  PaystackPop.prototype.cancelTransaction = function () {
    if (current) current.dismiss();
  };

  PaystackPop.prototype.newTransaction = function (options) {
    call((options || {}).onError, {
      message: "The sandbox supports resumeTransaction only: initialize the transaction on your server first.",
    });
  };

  window.PaystackPop = PaystackPop;
})();
