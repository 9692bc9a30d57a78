import { nairaToKobo } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { controlError, registerModeControl, useControlErrorHandler } from "../lib/control";
import { isRecord, readBoolean, readCount, readText } from "../lib/input";
import type { MonnifyGateway } from "./monnify.service";

export interface MonnifyControlOptions {
  gateway: MonnifyGateway;
  config: Record<string, unknown>;
}

/**
 * Test controls (payments-contract.md): transfers of any amount from any sender, their webhooks delayed or
 * duplicated, webhooks on demand in any order (also with a bad or no signature), expiry of accounts and tokens, outages, and a listing.
 */
export const monnifyControlRoutes: FastifyPluginAsync<MonnifyControlOptions> = async (app, { gateway, config }) => {
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
    return {
      deliveries: deliveries.map(({ status, body: text, error }) => ({ status, body: text, ...(error ? { error } : {}) })),
    };
  });

  app.post("/_control/expire", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByTransactionReference(readText(body, "transactionReference") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown transactionReference");
    gateway.expire(transaction);
    return { transaction: gateway.controlView(transaction) };
  });

  app.post("/_control/expire-tokens", { config }, async () => ({ expired: gateway.tokens.expireAll() }));

  registerModeControl(app, "/_control/mode", gateway.modes, config);

  app.get("/_control/transactions", { config }, async () => ({
    transactions: gateway.store.list().map((transaction) => gateway.controlView(transaction)),
  }));
};
