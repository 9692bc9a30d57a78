import type { BaseContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import type { StaffDeskRepository } from "../staff-desk";
import { receiptLinkRoutes } from "./receipt-link.routes";
import { ReceiptsRepository } from "./receipts.repository";
import { receiptsRoutes } from "./receipts.routes";
import { ReceiptsService } from "./receipts.service";

export { ReceiptsRepository } from "./receipts.repository";

/** Receipt codes: the public validity check, the point of care's view and redemption, the short link. */
export async function register(ctx: BaseContext, deps: { audit: AuditRepository; desks: StaffDeskRepository }) {
  const receiptCodes = new ReceiptsRepository(ctx.db);
  const receipts = new ReceiptsService({ db: ctx.db, receipts: receiptCodes, audit: deps.audit, desks: deps.desks });
  await ctx.app.register(receiptsRoutes, { receipts });
  await ctx.app.register(receiptLinkRoutes);
  return { receipts, receiptCodes };
}
