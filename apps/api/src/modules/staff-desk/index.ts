import type { BaseContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import { StaffDeskRepository } from "./staff-desk.repository";
import { staffDeskRoutes } from "./staff-desk.routes";
import { StaffDeskService } from "./staff-desk.service";

export { StaffDeskRepository } from "./staff-desk.repository";
export type { StaffDeskRecord, StaffDeskRights } from "./staff-desk.repository";

/** What each staff member does at the desk (issue 36): departments, collecting money, giving items, waivers. */
export async function register(ctx: BaseContext, deps: { audit: AuditRepository }) {
  const deskRepository = new StaffDeskRepository(ctx.db);
  const desks = new StaffDeskService({ db: ctx.db, desks: deskRepository, audit: deps.audit });
  const hospital = { name: ctx.env.HOSPITAL_NAME, address: ctx.env.HOSPITAL_ADDRESS };
  await ctx.app.register(staffDeskRoutes, { desks, hospital });
  return { desks, deskRepository };
}
