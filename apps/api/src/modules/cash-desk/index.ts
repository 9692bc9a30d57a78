import type { ModuleContext } from "../../lib/module-context";
import { CashDeskRepository } from "./cash-desk.repository";
import { cashDeskRoutes } from "./cash-desk.routes";
import { CashDeskService, type CashDeskDeps } from "./cash-desk.service";

export { POS_CLEARING } from "./cash-desk.repository";

/** Cash and POS taken at the desk inside a shift, and the acquirer's settlements of the card payments. */
export async function register(ctx: ModuleContext, deps: Omit<CashDeskDeps, "db" | "desk">) {
  const cashDesk = new CashDeskService({ ...deps, db: ctx.db, desk: new CashDeskRepository() });
  await ctx.app.register(cashDeskRoutes, { cashDesk });
  return { cashDesk };
}
