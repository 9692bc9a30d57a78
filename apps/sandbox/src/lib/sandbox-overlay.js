/* global window, document */
// The accessible payment dialog shared by the sandbox's widget scripts; it is served in front of each
// of them in the same file. It builds DOM with inline style attributes only and attaches listeners
// with addEventListener, because the page that loads it allows no inline script (CSP script-src 'self').
(function () {
  "use strict";
  if (window.HospipaySandboxOverlay) return;

  var count = 0;
  var TONES = {
    primary: "background:#047857;color:#ffffff;border:2px solid #047857;",
    danger: "background:#ffffff;color:#b91c1c;border:2px solid #b91c1c;",
    plain: "background:#f1f5f9;color:#0f172a;border:2px solid #cbd5e1;",
  };
  var STATUS_COLOURS = { info: "#0f172a", error: "#b91c1c", success: "#047857" };

  function element(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute("style", style);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /**
   * Opens a modal dialog.
   * options: { title, intro, rows: [[label, value]], buttons: [{ label, tone, onClick }], onEscape }
   * Returns { setRows(rows), setStatus(text, kind), setBusy(busy, text), close() }.
   */
  function open(options) {
    count += 1;
    var id = "hospipay-sandbox-dialog-" + count;
    var previousFocus = document.activeElement;
    var previousOverflow = document.body.style.overflow;
    var busy = false;
    var closed = false;

    var backdrop = element(
      "div",
      "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;" +
        "padding:16px;box-sizing:border-box;background:rgba(15,23,42,0.7);",
    );
    backdrop.setAttribute("data-hospipay-sandbox-overlay", "");
    var dialog = element(
      "div",
      "box-sizing:border-box;width:100%;max-width:26rem;max-height:100%;overflow:auto;background:#ffffff;" +
        "color:#0f172a;border-radius:12px;padding:20px;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;" +
        "box-shadow:0 20px 40px rgba(0,0,0,0.35);",
    );
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-labelledby", id + "-title");
    dialog.setAttribute("aria-describedby", id + "-intro");
    dialog.tabIndex = -1;

    var badge = element(
      "p",
      "margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:#92400e;",
      "Sandbox · test mode, no real money",
    );
    var title = element("h2", "margin:0 0 8px;font-size:20px;line-height:1.3;", options.title);
    title.id = id + "-title";
    var intro = element("p", "margin:0 0 12px;color:#334155;", options.intro);
    intro.id = id + "-intro";
    var details = element(
      "dl",
      "margin:0 0 12px;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;word-break:break-word;",
    );
    var status = element("p", "min-height:1.5em;margin:0 0 12px;font-weight:600;");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    var actions = element("div", "display:flex;flex-direction:column;gap:8px;");

    var buttons = (options.buttons || []).map(function (spec) {
      var button = element(
        "button",
        "box-sizing:border-box;width:100%;min-height:44px;padding:10px 16px;border-radius:8px;font:inherit;" +
          "font-weight:600;cursor:pointer;" +
          (TONES[spec.tone] || TONES.plain),
        spec.label,
      );
      button.type = "button";
      button.addEventListener("click", function () {
        if (!busy && !closed) spec.onClick();
      });
      actions.appendChild(button);
      return button;
    });

    function setRows(rows) {
      while (details.firstChild) details.removeChild(details.firstChild);
      (rows || []).forEach(function (row) {
        details.appendChild(element("dt", "font-weight:600;color:#475569;", row[0]));
        details.appendChild(element("dd", "margin:0;", row[1]));
      });
    }

    function setStatus(text, kind) {
      status.textContent = text || "";
      status.style.color = STATUS_COLOURS[kind] || STATUS_COLOURS.info;
    }

    function setBusy(value, text) {
      busy = Boolean(value);
      dialog.setAttribute("aria-busy", busy ? "true" : "false");
      buttons.forEach(function (button) {
        button.disabled = busy;
        button.style.opacity = busy ? "0.6" : "1";
      });
      if (busy) dialog.focus();
      if (text !== undefined) setStatus(text, "info");
    }

    function enabledButtons() {
      return buttons.filter(function (button) {
        return !button.disabled;
      });
    }

    // Escape closes; Tab and Shift+Tab stay inside the dialog while it is open.
    function onKeyDown(event) {
      if (event.key === "Escape" || event.key === "Esc") {
        event.preventDefault();
        event.stopPropagation();
        if (!busy && typeof options.onEscape === "function") options.onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      var focusable = enabledButtons();
      var active = document.activeElement;
      if (focusable.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (!dialog.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }

    function close() {
      if (closed) return;
      closed = true;
      document.removeEventListener("keydown", onKeyDown, true);
      if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
      document.body.style.overflow = previousOverflow;
      if (previousFocus && typeof previousFocus.focus === "function" && document.contains(previousFocus)) previousFocus.focus();
    }

    dialog.appendChild(badge);
    dialog.appendChild(title);
    dialog.appendChild(intro);
    dialog.appendChild(details);
    dialog.appendChild(status);
    dialog.appendChild(actions);
    backdrop.appendChild(dialog);
    setRows(options.rows);
    document.addEventListener("keydown", onKeyDown, true);
    document.body.style.overflow = "hidden";
    document.body.appendChild(backdrop);
    dialog.focus();

    return { setRows: setRows, setStatus: setStatus, setBusy: setBusy, close: close };
  }

  /** Formats naira for the dialog: 5000 → "₦5,000.00". */
  function naira(amount) {
    var value = Number(amount);
    if (!isFinite(value)) return "—";
    return "₦" + value.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  /** POSTs JSON and resolves to { ok, status, data } whatever the answer. */
  function postJson(url, body) {
    return window
      .fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().then(
          function (data) {
            return { ok: response.ok, status: response.status, data: data || {} };
          },
          function () {
            return { ok: response.ok, status: response.status, data: {} };
          },
        );
      });
  }

  /** GETs JSON and resolves to { ok, status, data }. */
  function getJson(url) {
    return window.fetch(url).then(function (response) {
      return response.json().then(
        function (data) {
          return { ok: response.ok, status: response.status, data: data || {} };
        },
        function () {
          return { ok: response.ok, status: response.status, data: {} };
        },
      );
    });
  }

  window.HospipaySandboxOverlay = { open: open, naira: naira, postJson: postJson, getJson: getJson };
})();
