import { koboToDecimal, nairaToKobo } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { allowWidgetCallsFromAnyOrigin, SCRIPT_HEADERS, widgetScriptSource } from "../lib/browser-script";
import { randomDigits, safeEqual } from "../lib/crypto";
import { firstQueryValue, isRecord, readText } from "../lib/input";
import { koboToRemitaAmount, REMITA_CODES, REMITA_STATUS_MESSAGES } from "./remita.protocol";
import type { RemitaGateway } from "./remita.service";
import type { RemitaTransaction } from "./remita.store";

export interface RemitaWidgetOptions {
  gateway: RemitaGateway;
  config: Record<string, unknown>;
}

const isPaid = (transaction: RemitaTransaction) => transaction.status === REMITA_CODES.paid;

/**
 * The inline widget: its script (`/payment/v1/remita-pay-inline.bundle.js`, the path of Remita's
 * own) and the two calls the sandbox overlay makes back to the simulator.
 */
export const remitaWidgetRoutes: FastifyPluginAsync<RemitaWidgetOptions> = async (app, { gateway, config }) => {
  const script = widgetScriptSource(new URL("./remita-widget.js", import.meta.url));
  allowWidgetCallsFromAnyOrigin(app, config);

  app.get("/payment/v1/remita-pay-inline.bundle.js", { config }, async (_request, reply) =>
    reply.headers(SCRIPT_HEADERS).send(script),
  );

  app.get<{ Querystring: Record<string, unknown> }>("/_widget/transaction", { config }, async (request, reply) => {
    const transaction = gateway.store.findByRrr(firstQueryValue(request.query.rrr) ?? "");
    if (!transaction) return reply.code(404).send({ message: "Invalid RRR" });
    return {
      rrr: transaction.rrr,
      amount: koboToDecimal(transaction.amountKobo),
      description: transaction.description,
      payerName: transaction.payerName,
      status: transaction.status,
      message: REMITA_STATUS_MESSAGES[transaction.status],
    };
  });

  // The payer's choice in the overlay. With an RRR it settles that RRR; without one (invoice mode)
  // the widget asks for a new RRR for the amount it was given, as Remita's widget does.
  app.post("/_widget/complete", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const outcome = body.outcome;
    if (outcome !== "approve" && outcome !== "decline")
      return reply.code(400).send({ message: "outcome must be approve or decline" });
    if (!safeEqual(readText(body, "key") ?? "", gateway.credentials.publicKey))
      return reply.code(401).send({ message: "Invalid public key" });
    const transactionId = readText(body, "transactionId");
    let transaction: RemitaTransaction | undefined;
    const rrr = readText(body, "rrr");
    if (rrr) {
      transaction = gateway.store.findByRrr(rrr);
      if (!transaction) return reply.code(404).send({ message: "Invalid RRR" });
      if (isPaid(transaction)) return reply.code(409).send({ message: "This RRR has already been paid" });
    } else {
      const invoice = isRecord(body.invoice) ? body.invoice : {};
      const amountKobo = nairaToKobo(
        typeof invoice.amount === "number" || typeof invoice.amount === "string" ? invoice.amount : "",
      );
      const email = readText(invoice, "email");
      if (!amountKobo || !email) return reply.code(400).send({ message: "An RRR, or an amount and an e-mail, is required" });
      if (transactionId && gateway.store.findByOrderId(transactionId))
        return reply.code(409).send({ message: "Duplicate OrderId" });
      transaction = gateway.store.create({
        orderId: transactionId ?? randomDigits(12),
        amountText: koboToDecimal(amountKobo),
        amountKobo,
        serviceTypeId: gateway.credentials.serviceTypeId,
        payerName: [readText(invoice, "firstName"), readText(invoice, "lastName")].filter(Boolean).join(" "),
        payerEmail: email,
        payerPhone: readText(invoice, "phone") ?? "",
        description: readText(invoice, "narration") ?? "",
        customFields: [],
      });
    }
    gateway.settle(transaction, outcome, { notify: true, transactionId });
    return {
      rrr: transaction.rrr,
      transactionId: transaction.transactionId,
      amount: koboToRemitaAmount(transaction.paidKobo ?? transaction.amountKobo),
      status: transaction.status,
      message: outcome === "approve" ? "Approved" : "Transaction declined",
    };
  });
};
