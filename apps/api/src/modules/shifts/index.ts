import type { BaseContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import type { LedgerRepository } from "../ledger";
import { ShiftsRepository } from "./shifts.repository";
import { shiftsRoutes } from "./shifts.routes";
import { ShiftsService } from "./shifts.service";

export { ShiftsRepository, drawerAccount } from "./shifts.repository";

/** Staff shifts, their cash drawers and their reports. */
export async function register(ctx: BaseContext, deps: { audit: AuditRepository; ledger: LedgerRepository }) {
  const shiftsRepository = new ShiftsRepository(ctx.db);
  const shifts = new ShiftsService({
    db: ctx.db,
    shifts: shiftsRepository,
    audit: deps.audit,
    ledger: deps.ledger,
    varianceLimitKobo: ctx.env.DRAWER_VARIANCE_LIMIT_NAIRA * 100,
  });
  await ctx.app.register(shiftsRoutes, { shifts });
  return { shifts, shiftsRepository };
}
