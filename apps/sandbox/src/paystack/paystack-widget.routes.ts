import { koboToDecimal } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { allowWidgetCallsFromAnyOrigin, browserScriptSource, SCRIPT_HEADERS, widgetScriptSource } from "../lib/browser-script";
import { escapeHtml, isRecord, readText } from "../lib/input";
import type { PaystackGateway } from "./paystack.service";

export interface PaystackWidgetOptions {
  gateway: PaystackGateway;
  config: Record<string, unknown>;
}

/**
 * The v2 inline popup (`/v2/inline.js`), the hosted page behind `authorization_url` (which opens the
 * same popup and then returns to callback_url), and the popup's two calls back to the simulator.
 */
export const paystackWidgetRoutes: FastifyPluginAsync<PaystackWidgetOptions> = async (app, { gateway, config }) => {
  const inline = widgetScriptSource(new URL("./paystack-inline.js", import.meta.url));
  const checkout = browserScriptSource(new URL("./paystack-checkout.js", import.meta.url));
  allowWidgetCallsFromAnyOrigin(app, config);

  app.get("/v2/inline.js", { config }, async (_request, reply) => reply.headers(SCRIPT_HEADERS).send(inline));
  app.get("/checkout.js", { config }, async (_request, reply) => reply.headers(SCRIPT_HEADERS).send(checkout));

  app.get<{ Params: { accessCode: string } }>("/checkout/:accessCode", { config }, async (request, reply) => {
    const transaction = gateway.store.findByAccessCode(request.params.accessCode);
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    const prefix = escapeHtml(app.prefix);
    const body = transaction
      ? `<p>Pay ₦${escapeHtml(koboToDecimal(transaction.amountKobo))} as ${escapeHtml(transaction.customer.email)}.</p>
<p id="checkout-status" role="status" aria-live="polite"></p>
<button id="checkout-open" type="button" style="min-height:44px;padding:10px 16px;border-radius:8px;border:0;background:#047857;color:#fff;font:inherit;font-weight:600">Open payment</button>
<script src="${prefix}/v2/inline.js"></script>
<script src="${prefix}/checkout.js" data-access-code="${escapeHtml(transaction.accessCode)}" data-reference="${escapeHtml(transaction.reference)}" data-callback-url="${escapeHtml(transaction.callbackUrl ?? "")}"></script>`
      : "<p>This payment link is not valid.</p>";
    return reply.code(transaction ? 200 : 404).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack sandbox checkout</title></head>
<body style="margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,sans-serif">
<main style="max-width:32rem;margin:0 auto;padding:16px"><h1 style="font-size:1.4rem">Paystack sandbox checkout</h1>${body}</main></body></html>`);
  });

  app.get<{ Params: { accessCode: string } }>("/_widget/transaction/:accessCode", { config }, async (request, reply) => {
    const transaction = gateway.store.findByAccessCode(request.params.accessCode);
    if (!transaction) return reply.code(404).send({ message: "Invalid access code" });
    return {
      id: transaction.id,
      reference: transaction.reference,
      amount: transaction.amountKobo,
      currency: transaction.currency,
      email: transaction.customer.email,
      status: transaction.status,
    };
  });

  app.post("/_widget/complete", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByAccessCode(readText(body, "access_code") ?? "");
    if (!transaction) return reply.code(404).send({ message: "Invalid access code" });
    if (body.outcome !== "success" && body.outcome !== "failed")
      return reply.code(400).send({ message: "outcome must be success or failed" });
    if (transaction.status === "success") return reply.code(409).send({ message: "Transaction has already been completed" });
    gateway.charge(transaction, body.outcome, { notify: true });
    const id = String(transaction.id);
    return body.outcome === "success"
      ? {
          reference: transaction.reference,
          trans: id,
          status: "success",
          message: "Approved",
          transaction: id,
          trxref: transaction.reference,
        }
      : {
          reference: transaction.reference,
          trans: id,
          status: "failed",
          message: "Declined",
          transaction: id,
          trxref: transaction.reference,
        };
  });
};
