import type { FastifyPluginAsync } from "fastify";
import { controlError, registerModeControl, useControlErrorHandler } from "../lib/control";
import { isRecord, readBoolean, readCount, readText } from "../lib/input";
import { parseCalendarDay } from "../lib/time";
import { settlementView, type PaystackSettlements, type PaystackSettlementView } from "./paystack-settlement.service";
import {
  PAYSTACK_SIGNATURE_SCHEMES,
  type PaystackGateway,
  type PaystackOutcome,
  type PaystackSignatureScheme,
} from "./paystack.service";

export interface PaystackControlOptions {
  gateway: PaystackGateway;
  settlements: PaystackSettlements;
  config: Record<string, unknown>;
}

/** POST /_control/settle: 201 with the new settlement, 200 with null when the day has nothing to settle. */
export interface PaystackSettleAnswer {
  settlement: PaystackSettlementView | null;
}

const OUTCOMES: readonly PaystackOutcome[] = ["success", "failed", "abandoned"];

/**
 * Test controls (payments-contract.md): charge a transaction (any amount in kobo, any currency,
 * with or without its webhook), webhooks on demand (also badly signed or unsigned), a day's settlement
 * and a transaction kept out of it, outages, listing.
 */
export const paystackControlRoutes: FastifyPluginAsync<PaystackControlOptions> = async (
  app,
  { gateway, settlements, config },
) => {
  useControlErrorHandler(app);

  app.post("/_control/charge", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByReference(readText(body, "reference") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown reference");
    if (!OUTCOMES.includes(body.outcome as PaystackOutcome))
      return controlError(reply, 400, `outcome must be one of ${OUTCOMES.join(", ")}`);
    const amount = body.amount;
    if (amount !== undefined && !(typeof amount === "number" && Number.isSafeInteger(amount) && amount > 0)) {
      return controlError(reply, 400, "amount must be a whole number of kobo");
    }
    const currency = body.currency;
    if (currency !== undefined && !(typeof currency === "string" && /^[A-Z]{3}$/.test(currency))) {
      return controlError(reply, 400, "currency must be a three-letter code such as NGN");
    }
    const notify = readBoolean(body, "notify", true);
    if (notify === undefined) return controlError(reply, 400, "notify must be a boolean");
    gateway.charge(transaction, body.outcome as PaystackOutcome, { amountKobo: amount, currency, notify });
    return { transaction: gateway.controlView(transaction) };
  });

  app.post("/_control/webhook", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByReference(readText(body, "reference") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown reference");
    const times = readCount(body, "times", 1);
    const concurrent = readBoolean(body, "concurrent", false);
    const badSignature = readBoolean(body, "badSignature", false);
    const omitSignature = readBoolean(body, "omitSignature", false);
    if (times === undefined) return controlError(reply, 400, "times must be a whole number from 1 to 50");
    if (concurrent === undefined || badSignature === undefined || omitSignature === undefined) {
      return controlError(reply, 400, "concurrent, badSignature and omitSignature must be booleans");
    }
    const scheme = body.scheme ?? "hex";
    if (!PAYSTACK_SIGNATURE_SCHEMES.includes(scheme as PaystackSignatureScheme))
      return controlError(reply, 400, `scheme must be one of ${PAYSTACK_SIGNATURE_SCHEMES.join(", ")}`);
    const signedAt = body.signedAt;
    if (signedAt !== undefined && !(typeof signedAt === "number" && Number.isSafeInteger(signedAt) && signedAt > 0))
      return controlError(reply, 400, "signedAt must be a Unix time in whole seconds");
    const signature = omitSignature ? "omitted" : badSignature ? "bad" : "valid";
    const deliveries = await gateway.webhookNow(transaction, {
      times,
      concurrent,
      signature,
      scheme: scheme as PaystackSignatureScheme,
      signedAt,
    });
    return {
      deliveries: deliveries.map(({ status, body: text, error }) => ({ status, body: text, ...(error ? { error } : {}) })),
    };
  });

  app.post("/_control/settle", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const day = parseCalendarDay(readText(body, "day") ?? "");
    if (!day) return controlError(reply, 400, "day must be a calendar date such as 2026-11-21");
    const settlement = settlements.settle(day);
    const answer: PaystackSettleAnswer = { settlement: settlement && settlementView(settlement) };
    return reply.code(settlement ? 201 : 200).send(answer);
  });

  app.post("/_control/withhold", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByReference(readText(body, "reference") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown reference");
    if (!settlements.withhold(transaction)) return controlError(reply, 409, "The transaction is already settled");
    return { transaction: gateway.controlView(transaction) };
  });

  registerModeControl(app, "/_control/mode", gateway.modes, config);

  app.get("/_control/transactions", { config }, async () => ({
    transactions: gateway.store.list().map((transaction) => gateway.controlView(transaction)),
  }));
};
