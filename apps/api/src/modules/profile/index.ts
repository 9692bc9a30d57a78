import type { ModuleContext } from "../../lib/module-context";
import { profileRoutes } from "./profile.routes";
import { ProfileService, type ProfileServiceDeps } from "./profile.service";

/** The signed-in user's profile, its update and the password change. */
export async function register(ctx: ModuleContext, deps: Omit<ProfileServiceDeps, "db" | "mailQueued">) {
  const profiles = new ProfileService({ ...deps, db: ctx.db, mailQueued: ctx.mailQueued });
  await ctx.app.register(profileRoutes, { profiles });
  return { profiles };
}
