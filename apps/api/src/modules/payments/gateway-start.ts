import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import { AppError } from "../../lib/errors";
import type { PaymentGateway, PaymentToStart, StartedPayment } from "../gateways";
import type { InvoicesRepository } from "./invoices.repository";
import { FIRST_CHECK_SECONDS } from "./settlement.service";

export interface GatewayStartDeps {
  db: Database;
  invoices: InvoicesRepository;
  log: FastifyBaseLogger;
}

/** What a payment the gateway could not start answers, and what else closes with it. */
export interface GatewayStartFailure {
  /** The 502's detail, for the payer. */
  detail: string;
  /** Runs in the transaction that closes the payment (a top-up's wallet movement fails with it). */
  alsoClose?: (tx: Queryable) => Promise<void>;
}

/**
 * Starts a created payment (its invoice and gateway_payments row committed) with its gateway, outside
 * any transaction, and records what the gateway gave back (RRR, account, access code) with the worker's
 * first check of it due in FIRST_CHECK_SECONDS. A gateway that cannot start it (down, refusing) closes
 * the payment as `gateway_unavailable` and answers 502 with `failure.detail`. Shared by checkout and
 * wallet top-up.
 */
export async function startGatewayPayment(
  deps: GatewayStartDeps,
  gateway: PaymentGateway,
  invoiceId: number,
  payment: PaymentToStart,
  failure: GatewayStartFailure,
): Promise<StartedPayment> {
  const { db, invoices, log } = deps;
  let started: StartedPayment;
  try {
    started = await gateway.start(payment);
  } catch (error) {
    log.error({ err: error, reference: payment.reference, gateway: gateway.key }, "gateway could not start the payment");
    await db.transaction(async (tx) => {
      await invoices.markFailed(tx, invoiceId, "gateway_unavailable");
      await failure.alsoClose?.(tx);
    });
    throw new AppError(502, "gateway_unavailable", failure.detail);
  }
  await invoices.setGatewayStarted(invoiceId, started, FIRST_CHECK_SECONDS);
  return started;
}
