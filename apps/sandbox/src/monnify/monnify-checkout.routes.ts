import { formatNaira } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { escapeHtml } from "../lib/input";
import type { MonnifyGateway } from "./monnify.service";

export interface MonnifyCheckoutOptions {
  gateway: MonnifyGateway;
  config: Record<string, unknown>;
}

/**
 * The page behind `checkoutUrl`: the transaction's transfer details, without script. Transfers into
 * the account are made with POST /_control/transfer.
 */
export const monnifyCheckoutRoutes: FastifyPluginAsync<MonnifyCheckoutOptions> = async (app, { gateway, config }) => {
  app.get<{ Params: { reference: string } }>("/checkout/:reference", { config }, async (request, reply) => {
    const transaction = gateway.store.findByTransactionReference(request.params.reference);
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    if (!transaction) return reply.code(404).send(page("Transaction not found", "<p>No transaction has this reference.</p>"));
    const status = gateway.refresh(transaction);
    const canPay =
      (status === "PENDING" || status === "PARTIALLY_PAID") && transaction.paymentMethods.includes("ACCOUNT_TRANSFER");
    const account = canPay ? gateway.ensureAccount(transaction) : transaction.account;
    const rows: Array<[string, string]> = [
      ["Amount", formatNaira(transaction.totalPayableKobo)],
      ["For", transaction.paymentDescription],
      ["Status", status],
      ...(account
        ? ([
            ["Bank", account.bankName],
            ["Account number", account.accountNumber],
            ["Account name", account.accountName],
            ["Transfer before", account.expiresAt.toISOString()],
          ] as Array<[string, string]>)
        : []),
    ];
    const list = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("");
    return reply.send(
      page(
        "Monnify sandbox checkout",
        `<p>Pay ${escapeHtml(transaction.customerName)}'s bill by bank transfer. This is a test page: no real account exists.</p>
<dl>${list}</dl>
<p>Simulate the transfer with <code>POST ${escapeHtml(app.prefix)}/_control/transfer</code>.</p>`,
      ),
    );
  });
};

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,sans-serif">
<main style="max-width:32rem;margin:0 auto;padding:16px"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>
<div style="background:#fff;border-radius:12px;padding:16px;word-break:break-word">${content}</div></main></body></html>`;
}
