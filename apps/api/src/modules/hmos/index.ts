import type { BaseContext } from "../../lib/module-context";
import type { AuditRepository } from "../audit";
import type { PatientsRepository } from "../patients";
import { HmosRepository } from "./hmos.repository";
import { hmosRoutes } from "./hmos.routes";
import { HmosService } from "./hmos.service";

export type { HmosRepository, EnrolmentRecord } from "./hmos.repository";
export { hmoReceivableAccount, planCoverage } from "./hmos.repository";

/** HMOs under NHIA (issue 37): the HMOs, their plans and coverage rules, and the patients enrolled on them. */
export async function register(ctx: BaseContext, deps: { audit: AuditRepository; patients: PatientsRepository }) {
  const hmosRepository = new HmosRepository(ctx.db);
  const hmos = new HmosService({ db: ctx.db, hmos: hmosRepository, patients: deps.patients, audit: deps.audit });
  await ctx.app.register(hmosRoutes, { hmos });
  return { hmos, hmosRepository };
}
