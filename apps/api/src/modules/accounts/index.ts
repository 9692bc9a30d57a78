import { randomToken } from "../../lib/crypto";
import type { BaseContext, ModuleContext } from "../../lib/module-context";
import { accountsRoutes, type AccountsRoutesOptions } from "./accounts.routes";
import { AccountsService, type AccountsServiceDeps } from "./accounts.service";
import { AppSecretsRepository } from "./app-secrets.repository";
import { TokenService } from "./tokens";
import { UsersRepository } from "./users.repository";
import { VerificationRepository } from "./verification.repository";

export { createVerifiedUser } from "./create-user";
export { hashPassword, verifyPassword } from "./passwords";
export { TokenService } from "./tokens";
export { toUserProfile } from "./user-profile";
export { UsersRepository } from "./users.repository";
export type { UserRecord } from "./users.repository";
export { VerificationRepository } from "./verification.repository";

/**
 * What the access plugin needs before any route exists: the signing secret (JWT_SECRET, or one generated once
 * and kept in the database for every process), the tokens it signs and the users with their signed-in cache.
 */
export async function create(ctx: Pick<BaseContext, "db" | "env">) {
  const { db, env } = ctx;
  const secret = env.JWT_SECRET ? env.JWT_SECRET : await new AppSecretsRepository(db).keep("jwt", randomToken(48));
  const tokens = new TokenService(secret, env.ACCESS_TOKEN_TTL_SECONDS);
  const users = new UsersRepository(db, { signedInCacheMs: env.AUTH_USER_CACHE_MS });
  return { secret, tokens, users, verification: new VerificationRepository(db) };
}

/** Registration, verification, sign-in and password reset. */
export async function register(
  ctx: ModuleContext,
  deps: Omit<AccountsServiceDeps, "db" | "secret" | "publicUrl" | "mailQueued"> & Pick<AccountsRoutesOptions, "profileOf">,
) {
  const { profileOf, ...services } = deps;
  const accounts = new AccountsService({
    ...services,
    db: ctx.db,
    secret: ctx.secret,
    publicUrl: ctx.publicUrl,
    mailQueued: ctx.mailQueued,
  });
  await ctx.app.register(accountsRoutes, { accounts, profileOf });
  return { accounts };
}
