import type { BaseContext } from "../../lib/module-context";
import { healthRoutes } from "./health.routes";

/** The liveness and readiness checks. */
export async function register(ctx: BaseContext) {
  await ctx.app.register(healthRoutes, { db: ctx.db });
}
