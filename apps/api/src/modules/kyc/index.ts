import path from "node:path";
import { uploadDir } from "../../env";
import type { ModuleContext } from "../../lib/module-context";
import { DocumentStore } from "./documents";
import { KycRepository } from "./kyc.repository";
import { kycRoutes, staffKycRoutes } from "./kyc.routes";
import { KycService, type KycServiceDeps } from "./kyc.service";

/** KYC submissions, the staff review queue and the corporate upgrade's documents. */
export async function register(ctx: ModuleContext, deps: Omit<KycServiceDeps, "db" | "kyc" | "documents" | "mailQueued">) {
  const kyc = new KycService({
    ...deps,
    db: ctx.db,
    kyc: new KycRepository(ctx.db),
    documents: new DocumentStore(path.join(uploadDir(ctx.env), "kyc")),
    mailQueued: ctx.mailQueued,
  });
  await ctx.app.register(kycRoutes, { kyc });
  await ctx.app.register(staffKycRoutes, { kyc });
  return { kyc };
}
