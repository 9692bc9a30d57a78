/* global window, document */
// Sandbox stand-in for Remita's inline payment script. It defines the same entry point,
// RmPaymentEngine.init(options).showPaymentWidget(), and opens an overlay where the payer decides
// how the test payment ends. It only talks to the simulator it was loaded from.
(function () {
  "use strict";
  var overlay = window.HospipaySandboxOverlay;
  var script = document.currentScript;
  var source = script && script.src ? script.src : "";
  // The simulator's base: the script's own address minus Remita's script path.
  var base = source.replace(/\/payment\/v1\/remita-pay-inline\.bundle\.js(?:[?#].*)?$/, "");

  function rrrOf(options) {
    var fields = options.extendedData && options.extendedData.customFields;
    if (!Array.isArray(fields)) return "";
    for (var i = 0; i < fields.length; i += 1) {
      if (fields[i] && fields[i].name === "rrr" && fields[i].value) return String(fields[i].value).replace(/-/g, "");
    }
    return "";
  }

  function grouped(rrr) {
    return rrr.replace(/(\d{4})(?=\d)/g, "$1-");
  }

  function call(callback, argument) {
    if (typeof callback !== "function") return;
    if (arguments.length > 1) callback(argument);
    else callback();
  }

  function show(options) {
    var rrr = options.processRrr ? rrrOf(options) : "";
    var payer = [options.firstName, options.lastName].filter(Boolean).join(" ");
    var rows = rrr
      ? [
          ["RRR", grouped(rrr)],
          ["Amount", "Loading…"],
        ]
      : [
          ["Amount", overlay.naira(options.amount)],
          ["Payer", payer || options.email || "—"],
          ["Narration", options.narration || "—"],
        ];
    var finished = false;
    var dialog = overlay.open({
      title: "Remita sandbox payment",
      intro: "Choose how this test payment ends. No card is charged.",
      rows: rows,
      buttons: [
        {
          label: "Approve payment",
          tone: "primary",
          onClick: function () {
            complete("approve");
          },
        },
        {
          label: "Decline payment",
          tone: "danger",
          onClick: function () {
            complete("decline");
          },
        },
        { label: "Close", tone: "plain", onClick: close },
      ],
      onEscape: close,
    });

    if (options.processRrr && !rrr) dialog.setStatus("No RRR was given to the widget.", "error");
    if (rrr) {
      overlay.getJson(base + "/_widget/transaction?rrr=" + encodeURIComponent(rrr)).then(
        function (result) {
          if (!result.ok) {
            dialog.setStatus(result.data.message || "Unknown RRR", "error");
            return;
          }
          dialog.setRows([
            ["RRR", grouped(rrr)],
            ["Amount", overlay.naira(result.data.amount)],
            ["Payer", result.data.payerName || "—"],
            ["For", result.data.description || "—"],
          ]);
        },
        function () {
          dialog.setStatus("The payment details could not be loaded.", "error");
        },
      );
    }

    function close() {
      if (finished) return;
      finished = true;
      dialog.close();
      call(options.onClose);
    }

    function complete(outcome) {
      dialog.setBusy(true, outcome === "approve" ? "Processing payment…" : "Declining payment…");
      var body = { key: options.key, outcome: outcome, transactionId: options.transactionId };
      if (rrr) body.rrr = rrr;
      else {
        body.invoice = {
          amount: options.amount,
          email: options.email,
          firstName: options.firstName,
          lastName: options.lastName,
          customerId: options.customerId,
          narration: options.narration,
        };
      }
      overlay.postJson(base + "/_widget/complete", body).then(
        function (result) {
          finished = true;
          dialog.close();
          if (!result.ok) {
            call(options.onError, { message: result.data.message || "The payment could not be completed" });
          } else if (outcome === "approve") {
            call(options.onSuccess, {
              paymentReference: result.data.rrr,
              transactionId: options.transactionId || result.data.transactionId,
              amount: result.data.amount,
              message: "Approved",
              processorId: "SANDBOX",
            });
          } else {
            call(options.onError, { message: "Transaction declined" });
          }
        },
        function () {
          finished = true;
          dialog.close();
          call(options.onError, { message: "Network error: the payment could not be completed" });
        },
      );
    }
  }

  window.RmPaymentEngine = {
    init: function (options) {
      var settings = options || {};
      return {
        showPaymentWidget: function () {
          show(settings);
        },
      };
    },
  };
})();
