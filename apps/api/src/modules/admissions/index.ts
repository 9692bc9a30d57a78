import type { ModuleContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import type { BillParts, BillsRepository, BillsService } from "../bills";
import type { WalletCredits } from "../kyc-tiers";
import type { LedgerRepository } from "../ledger";
import type { WalletsRepository } from "../wallet";
import { AdmissionsRepository } from "./admissions.repository";
import { admissionsRoutes } from "./admissions.routes";
import { AdmissionsService } from "./admissions.service";

export { DEPOSIT_REFUNDS_ACCOUNT } from "./admissions.service";

/** Stays in the wards (issue 37): a running bill, its deposits, and discharge with the clearance code. */
export async function register(
  ctx: ModuleContext,
  deps: {
    bills: BillsService;
    billsRepository: BillsRepository;
    billParts: BillParts;
    ledger: LedgerRepository;
    wallets: WalletsRepository;
    walletCredits: WalletCredits;
    audit: AuditRepository;
  },
) {
  const admissions = new AdmissionsService({
    db: ctx.db,
    admissions: new AdmissionsRepository(ctx.db),
    ...deps,
    publicUrl: ctx.publicUrl,
    mailQueued: ctx.mailQueued,
  });
  await ctx.app.register(admissionsRoutes, { admissions });
  return { admissions };
}
