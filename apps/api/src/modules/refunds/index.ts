import type { ModuleContext } from "../../lib/module-context";
import { RefundsRepository } from "./refunds.repository";
import { refundsRoutes } from "./refunds.routes";
import { RefundsService, type RefundsServiceDeps } from "./refunds.service";

export { RefundsService } from "./refunds.service";

/** Refunds and their approvals. */
export async function register(
  ctx: ModuleContext,
  deps: Omit<RefundsServiceDeps, "db" | "refunds" | "approvalThresholdKobo" | "mailQueued">,
) {
  const refunds = new RefundsService({
    ...deps,
    db: ctx.db,
    refunds: new RefundsRepository(ctx.db),
    approvalThresholdKobo: ctx.env.REFUND_APPROVAL_THRESHOLD_NAIRA * 100,
    mailQueued: ctx.mailQueued,
  });
  await ctx.app.register(refundsRoutes, { refunds });
  return { refunds };
}
