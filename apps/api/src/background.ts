import type { AppContext } from "./app";

/**
 * Starts the background work when this process has the worker role (WORKERS=on): the mail and SMS outboxes,
 * payment re-queries with their sweeps, folding the staff day totals, purging rate counters and the periodic
 * ledger check. An API replica (WORKERS=off) starts none of it. Call it once the app listens: in sandbox mode
 * the SMS provider and the gateways are this process's own simulators. Answers whether anything started.
 */
export function startBackgroundWork(ctx: AppContext): boolean {
  if (ctx.env.WORKERS !== "on") return false;
  ctx.mailWorker.start();
  ctx.smsWorker.start();
  ctx.paymentsWorker.start();
  ctx.staffDayTotalsWorker.start();
  ctx.rateCountersPurge.start();
  ctx.ledgerCheckJob.start();
  return true;
}

/**
 * Stops the background work, each part after its pass in progress, and releases this process's job leases
 * so that another worker takes the housekeeping over at once instead of when the leases run out.
 */
export async function stopBackgroundWork(ctx: AppContext): Promise<void> {
  await ctx.paymentsWorker.stop();
  await ctx.services.reservedAccounts.settle();
  await ctx.staffDayTotalsWorker.stop();
  await ctx.rateCountersPurge.stop();
  await ctx.ledgerCheckJob.stop();
  await ctx.mailWorker.stop();
  await ctx.smsWorker.stop();
  if (ctx.env.WORKERS === "on")
    await ctx.jobLeases.releaseAll().catch((error: unknown) => ctx.app.log.error({ err: error }, "releasing job leases failed"));
}
