import type { BaseContext, SweepHost } from "../../lib/module-context";
import type { MonnifyGateway } from "../gateways";
import { ReservedAccountsRepository } from "./reserved-accounts.repository";
import { reservedAccountsRoutes } from "./reserved-accounts.routes";
import { ReservedAccountsService, type ReservedAccountsDeps } from "./reserved-accounts.service";
import { reservedTransferWebhooks } from "./reserved-webhooks";

export { ReservedAccountsRepository } from "./reserved-accounts.repository";
export { ReservedAccountsService } from "./reserved-accounts.service";

/** A permanent Monnify account per customer, reserved and retried by the payments worker's sweep. */
export async function register(
  ctx: BaseContext,
  deps: Omit<ReservedAccountsDeps, "db" | "accounts" | "log" | "retryBaseSeconds" | "gateway"> & {
    gateway: MonnifyGateway;
    paymentsWorker: SweepHost;
  },
) {
  const { paymentsWorker, ...services } = deps;
  const reservedAccountsRepository = new ReservedAccountsRepository(ctx.db);
  const reservedAccounts = new ReservedAccountsService({
    ...services,
    db: ctx.db,
    accounts: reservedAccountsRepository,
    log: ctx.log,
    retryBaseSeconds: ctx.env.RESERVED_ACCOUNT_RETRY_SECONDS,
  });
  paymentsWorker.alsoSweep(
    "reserved accounts",
    ctx.jobLeases.guard("reserved-accounts-sweep", () => reservedAccounts.sweep(), 0),
  );
  await ctx.app.register(reservedAccountsRoutes, { reservedAccounts });
  // Monnify's notifications of transfers to the reserved accounts, asked before the payments' handler.
  const webhooks = reservedTransferWebhooks(deps.gateway, reservedAccounts);
  return { reservedAccounts, reservedAccountsRepository, webhooks };
}
