import type { ModuleContext } from "../../lib/module-context";
import { StaffAccountsRepository } from "./staff-accounts.repository";
import { staffAccountsRoutes } from "./staff-accounts.routes";
import { StaffAccountsService, type StaffAccountsDeps } from "./staff-accounts.service";

/** The super admin's staff accounts. */
export async function register(
  ctx: ModuleContext,
  deps: Omit<StaffAccountsDeps, "db" | "accounts" | "secret" | "publicUrl" | "mailQueued">,
) {
  const { db, secret, publicUrl, mailQueued } = ctx;
  const staffAccounts = new StaffAccountsService({
    ...deps,
    db,
    accounts: new StaffAccountsRepository(db),
    secret,
    publicUrl,
    mailQueued,
  });
  await ctx.app.register(staffAccountsRoutes, { staffAccounts });
  return { staffAccounts };
}
