import type { BaseContext } from "../../lib/module-context";
import { StaffDayTotalsWorker } from "./staff-day-totals.worker";
import { staffExportRoutes } from "./staff-export.routes";
import { StaffInvoicesRepository } from "./staff-invoices.repository";
import { staffInvoicesRoutes } from "./staff-invoices.routes";

export { StaffInvoicesRepository } from "./staff-invoices.repository";

/** The staff dashboards, the CSV export and the worker folding the day totals. */
export async function register(ctx: BaseContext) {
  // Pages are mostly ASCII, kept by V8 at one byte a character.
  const invoices = new StaffInvoicesRepository(ctx.db, { pageCacheSize: ctx.env.STAFF_PAGE_CACHE_MB * 1024 * 1024 });
  await ctx.app.register(staffInvoicesRoutes, { invoices });
  await ctx.app.register(staffExportRoutes, { invoices });
  const staffDayTotalsWorker = new StaffDayTotalsWorker(ctx.db, invoices, ctx.log, ctx.backgroundTurn, ctx.jobLeases);
  return { staffDayTotalsWorker };
}
