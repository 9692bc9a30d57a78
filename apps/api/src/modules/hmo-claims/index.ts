import type { ModuleContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import type { HmosRepository } from "../hmos";
import type { LedgerRepository } from "../ledger";
import { HmoClaimsRepository } from "./hmo-claims.repository";
import { hmoClaimsRoutes } from "./hmo-claims.routes";
import { HmoClaimsService } from "./hmo-claims.service";

export { REMITTANCES_ACCOUNT, SHORT_PAYMENTS_ACCOUNT } from "./hmo-claims.service";

/** Claim batches per HMO and month, remittances allocated over their lines, write-offs with sign-off (issue 37). */
export async function register(
  ctx: ModuleContext,
  deps: { hmos: HmosRepository; ledger: LedgerRepository; audit: AuditRepository },
) {
  const claims = new HmoClaimsService({ db: ctx.db, claims: new HmoClaimsRepository(ctx.db), ...deps });
  await ctx.app.register(hmoClaimsRoutes, { claims });
  return { claims };
}
