import type { BaseContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import { ShiftsRepository } from "./shifts.repository";
import { shiftsRoutes } from "./shifts.routes";
import { ShiftsService } from "./shifts.service";

/** Staff shifts and their reports. */
export async function register(ctx: BaseContext, deps: { audit: AuditRepository }) {
  const shifts = new ShiftsService({ db: ctx.db, shifts: new ShiftsRepository(ctx.db), audit: deps.audit });
  await ctx.app.register(shiftsRoutes, { shifts });
  return { shifts };
}
