import { nairaToKobo } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { controlError, registerModeControl, useControlErrorHandler } from "../lib/control";
import { isRecord, readBoolean, readCount, readText } from "../lib/input";
import {
  REMITA_NOTIFICATION_FORMATS,
  type RemitaGateway,
  type RemitaNotificationFormat,
  type RemitaOutcome,
} from "./remita.service";

export interface RemitaControlOptions {
  gateway: RemitaGateway;
  config: Record<string, unknown>;
}

const OUTCOMES: readonly RemitaOutcome[] = ["approve", "decline", "abort"];

/**
 * Test controls (payments-contract.md): pay/decline/abort an RRR with or without its notification,
 * send notifications on demand, switch outages, and list what happened.
 */
export const remitaControlRoutes: FastifyPluginAsync<RemitaControlOptions> = async (app, { gateway, config }) => {
  useControlErrorHandler(app);

  app.post("/_control/pay", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByRrr(readText(body, "rrr") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown RRR");
    const outcome = body.outcome;
    if (!OUTCOMES.includes(outcome as RemitaOutcome))
      return controlError(reply, 400, `outcome must be one of ${OUTCOMES.join(", ")}`);
    const notify = readBoolean(body, "notify", true);
    if (notify === undefined) return controlError(reply, 400, "notify must be a boolean");
    let paidKobo: number | undefined;
    if (body.amount !== undefined) {
      const parsed = typeof body.amount === "string" || typeof body.amount === "number" ? nairaToKobo(body.amount) : null;
      if (parsed === null || parsed <= 0) return controlError(reply, 400, 'amount must be a naira string such as "5000.00"');
      paidKobo = parsed;
    }
    gateway.settle(transaction, outcome as RemitaOutcome, { paidKobo, notify });
    return { transaction: gateway.controlView(transaction) };
  });

  app.post("/_control/notify", { config }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const transaction = gateway.store.findByRrr(readText(body, "rrr") ?? "");
    if (!transaction) return controlError(reply, 404, "Unknown RRR");
    const times = readCount(body, "times", 1);
    const concurrent = readBoolean(body, "concurrent", false);
    if (times === undefined) return controlError(reply, 400, "times must be a whole number from 1 to 50");
    if (concurrent === undefined) return controlError(reply, 400, "concurrent must be a boolean");
    const format = body.format ?? "json";
    if (!REMITA_NOTIFICATION_FORMATS.includes(format as RemitaNotificationFormat))
      return controlError(reply, 400, `format must be one of ${REMITA_NOTIFICATION_FORMATS.join(", ")}`);
    const deliveries = await gateway.notifyNow(transaction, times, concurrent, format as RemitaNotificationFormat);
    return {
      deliveries: deliveries.map(({ status, body: text, error }) => ({ status, body: text, ...(error ? { error } : {}) })),
    };
  });

  registerModeControl(app, "/_control/mode", gateway.modes, config);

  app.get("/_control/transactions", { config }, async () => ({
    transactions: gateway.store.list().map((transaction) => gateway.controlView(transaction)),
  }));

  app.get<{ Params: { rrr: string } }>("/_control/transactions/:rrr", { config }, async (request, reply) => {
    const transaction = gateway.store.findByRrr(request.params.rrr);
    return transaction ? gateway.controlView(transaction) : controlError(reply, 404, "Unknown RRR");
  });
};
