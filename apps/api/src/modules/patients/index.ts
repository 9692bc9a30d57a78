import type { BaseContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import { PatientsRepository } from "./patients.repository";
import { patientsRoutes } from "./patients.routes";
import { PatientsService } from "./patients.service";

export type { PatientsRepository } from "./patients.repository";
export { registerMatch } from "./patients.repository";

/** The patient register (issue 36): patients keyed by hospital number, registered and corrected by staff. */
export async function register(ctx: BaseContext, deps: { audit: AuditRepository }) {
  const patientsRepository = new PatientsRepository(ctx.db);
  const patients = new PatientsService({
    db: ctx.db,
    patients: patientsRepository,
    audit: deps.audit,
    keptSearchesSize: ctx.env.STAFF_PAGE_CACHE_MB * 1024 * 1024,
  });
  await ctx.app.register(patientsRoutes, { patients });
  return { patients, patientsRepository };
}
