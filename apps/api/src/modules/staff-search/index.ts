import type { BaseContext } from "../../lib/module-context";
import { StaffSearchRepository } from "./staff-search.repository";
import { staffSearchRoutes } from "./staff-search.routes";
import { StaffSearchService } from "./staff-search.service";

/** A patient's money in one list, bills and payments. */
export async function register(ctx: BaseContext) {
  await ctx.app.register(staffSearchRoutes, { search: new StaffSearchService({ search: new StaffSearchRepository(ctx.db) }) });
}
