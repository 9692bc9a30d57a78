import type { ModuleContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import type { MonnifyGateway, PaystackGateway } from "../gateways";
import type { LedgerRepository } from "../ledger";
import { SettlementsRepository } from "./settlements.repository";
import { settlementsRoutes } from "./settlements.routes";
import { SettlementsService } from "./settlements.service";

export { GATEWAY_FEES_ACCOUNT, SETTLEMENT_BANK_ACCOUNT, SettlementsService } from "./settlements.service";
export { SettlementsRepository } from "./settlements.repository";

/** The gateways' settlements to the hospital's bank, reconciled with their clearing accounts (issue 37). */
export async function register(
  ctx: ModuleContext,
  deps: { paystack: PaystackGateway; monnify: MonnifyGateway; ledger: LedgerRepository; audit: AuditRepository },
) {
  const settlements = new SettlementsService({
    db: ctx.db,
    settlements: new SettlementsRepository(ctx.db),
    log: ctx.log,
    ...deps,
  });
  await ctx.app.register(settlementsRoutes, { settlements });
  return { settlements, settlementWebhooks: settlements.webhooks() };
}
