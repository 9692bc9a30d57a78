import type { ModuleContext } from "../../lib/module-context";
import { AuditRepository } from "./audit.repository";
import { auditRoutes } from "./audit.routes";

export { AuditRepository } from "./audit.repository";

/** The audit log, and its page for the super admin. */
export async function register(ctx: ModuleContext) {
  const audit = new AuditRepository(ctx.db);
  await ctx.app.register(auditRoutes, { audit });
  return { audit };
}
