import { nairaToKobo } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { controlError, registerModeControl, useControlErrorHandler } from "../lib/control";
import { isRecord, readBoolean, readCount, readText } from "../lib/input";
import { parseCalendarDay } from "../lib/time";
import type { WebhookDelivery } from "../lib/webhook-sender";
import type { MonnifySettlements, MonnifySettlementView } from "./monnify-settlement.service";
import type { MonnifyGateway } from "./monnify.service";

export interface MonnifyControlOptions {
  gateway: MonnifyGateway;
  settlements: MonnifySettlements;
  config: Record<string, unknown>;
}

/** How a control-driven webhook delivery went, as the controls answer it. */
export interface ControlDelivery {
  status: number;
  body: string;
  error?: string;
}

/** POST /_control/settle: 201 with the settlement and its webhook's delivery, 200 with null when the day has nothing to settle. */
export type MonnifySettleAnswer = { settlement: MonnifySettlementView; delivered: ControlDelivery } | { settlement: null };

const controlDelivery = ({ status, body, error }: WebhookDelivery): ControlDelivery => ({
  status,
  body,
  ...(error ? { error } : {}),
});

/**
 * Test controls (payments-contract.md): transfers of any amount from any sender, their webhooks delayed or
 * duplicated, webhooks on demand in any order (also with a bad or no signature), expiry of accounts and tokens,
 * a day's settlement and a transaction kept out of it, outages, and a listing.
 */
export const monnifyControlRoutes: FastifyPluginAsync<MonnifyControlOptions> = async (app, { gateway, settlements, config }) => {
  useControlErrorHandler(app);

  app.post("/_control/transfer", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const amountKobo = typeof body.amount === "string" || typeof body.amount === "number" ? nairaToKobo(body.amount) : null;
    if (amountKobo === null || amountKobo <= 0)
      return controlError(reply, 400, 'amount must be a naira string such as "5000.00"');
    const notify = readBoolean(body, "notify", true);
    if (notify === undefined) return controlError(reply, 400, "notify must be a boolean");
    const copies = readCount(body, "copies", 1);
    if (copies === undefined) return controlError(reply, 400, "copies must be a whole number from 1 to 50");
    const delayMs = body.delayMs === undefined ? undefined : readCount(body, "delayMs", 0, 0, 600_000);
    if (body.delayMs !== undefined && delayMs === undefined)
      return controlError(reply, 400, "delayMs must be a whole number of milliseconds from 0 to 600000");
    const senderName = body.senderName === undefined ? undefined : readText(body, "senderName");
    if (body.senderName !== undefined && (!senderName || senderName.length > 100))
      return controlError(reply, 400, "senderName must be a name of 1 to 100 characters");
    const transaction = gateway.transfer(
      { accountNumber: readText(body, "accountNumber"), transactionReference: readText(body, "transactionReference") },
      amountKobo,
      { notify, copies, delayMs, senderName },
    );
    return { transaction: gateway.controlView(transaction) };
  });

  app.post("/_control/webhook", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    // One reference, or several sent one after another in the order given (withheld webhooks, reordered).
    const references = Array.isArray(body.transactionReferences)
      ? body.transactionReferences
      : [readText(body, "transactionReference") ?? ""];
    if (references.length === 0 || references.length > 50)
      return controlError(reply, 400, "transactionReferences must list 1 to 50 references");
    const transactions = references.map((reference) =>
      typeof reference === "string" ? gateway.store.findByTransactionReference(reference) : undefined,
    );
    if (transactions.some((transaction) => !transaction)) return controlError(reply, 404, "Unknown transactionReference");
    const times = readCount(body, "times", 1);
    const concurrent = readBoolean(body, "concurrent", false);
    const badSignature = readBoolean(body, "badSignature", false);
    const omitSignature = readBoolean(body, "omitSignature", false);
    if (times === undefined) return controlError(reply, 400, "times must be a whole number from 1 to 50");
    if (concurrent === undefined || badSignature === undefined || omitSignature === undefined) {
      return controlError(reply, 400, "concurrent, badSignature and omitSignature must be booleans");
    }
    const signature = omitSignature ? "omitted" : badSignature ? "bad" : "valid";
    const deliveries = [];
    for (const transaction of transactions) {
      deliveries.push(...(await gateway.webhookNow(transaction!, { times, concurrent, signature })));
    }
    return { deliveries: deliveries.map(controlDelivery) };
  });

  app.post("/_control/expire", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByTransactionReference(readText(body, "transactionReference") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown transactionReference");
    gateway.expire(transaction);
    return { transaction: gateway.controlView(transaction) };
  });

  app.post("/_control/settle", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const day = parseCalendarDay(readText(body, "day") ?? "");
    if (!day) return controlError(reply, 400, "day must be a calendar date such as 2026-11-21");
    const settlement = settlements.settle(day);
    if (!settlement) return { settlement: null } satisfies MonnifySettleAnswer;
    const delivered = controlDelivery(await settlements.notify(settlement));
    const answer: MonnifySettleAnswer = { settlement: settlements.view(settlement), delivered };
    return reply.code(201).send(answer);
  });

  app.post("/_control/withhold", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const reference = readText(body, "reference") ?? "";
    const transaction = gateway.store.findByTransactionReference(reference) ?? gateway.store.findByPaymentReference(reference);
    if (!transaction) return controlError(reply, 404, "Unknown reference");
    if (!settlements.withhold(transaction)) return controlError(reply, 409, "The transaction is already settled");
    return { transaction: gateway.controlView(transaction) };
  });

  app.post("/_control/expire-tokens", { config }, async () => ({ expired: gateway.tokens.expireAll() }));

  registerModeControl(app, "/_control/mode", gateway.modes, config);

  app.get("/_control/transactions", { config }, async () => ({
    transactions: gateway.store.list().map((transaction) => gateway.controlView(transaction)),
  }));
};
