import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { SERVER_PATH_PREFIXES, type Role } from "@hospipay/contract";
import type { AuthUser } from "../lib/auth-user";
import { errors } from "../lib/errors";

/**
 * Who may call a route, declared next to every route: anyone (`public`); anyone, with a signed-in
 * caller recognised and a bad token refused (`optional`); a party proving itself with a signature the
 * handler checks, such as a gateway webhook (`signed`); any signed-in user (`authenticated`); or the
 * listed roles.
 */
export type Access = "public" | "optional" | "signed" | "authenticated" | readonly Role[];

/** One registered route (one method) and the access it declares; undefined outside the server paths. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered after the access plugin, with its declared access, so tests can walk them all. */
    readonly routeAccess: readonly RouteAccess[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // Everything after the scheme is the credential: "Bearer <token> junk" is a bad token, not <token>.
  const [scheme, ...rest] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === "bearer" && rest.length > 0 ? rest.join(" ") : null;
}

/** What the plugin asks of the accounts module (its TokenService and UsersRepository), typed here so plugins import no module. */
export interface AccessOptions {
  tokens: { verify(token: string): Promise<{ userId: number; version: number } | null> };
  users: { findSignedIn(id: number): Promise<AuthUser | null> };
}

/**
 * Enforces each route's declared access before its body is read. A server route without a declared
 * access fails at start-up, so no endpoint is public by accident.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: AccessOptions) => {
    app.decorateRequest("user", null);
    const routes: RouteAccess[] = [];
    app.decorate("routeAccess", routes);

    app.addHook("onRoute", (route) => {
      if (isServerPath(route.url) && route.config?.access === undefined && !route.url.startsWith("/docs")) {
        throw new Error(`Route ${route.method} ${route.url} declares no access`);
      }
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: route.config?.access });
    });

    /** The check of a route that needs a signed-in user: the token, then the user as the database has them. */
    const signIn = async (request: FastifyRequest, access: Access): Promise<void> => {
      const token = bearerToken(request);
      if (!token) throw errors.notAuthenticated();
      const claims = await opts.tokens.verify(token);
      if (!claims) throw errors.tokenInvalid();
      const user = await opts.users.findSignedIn(claims.userId);
      if (!user || user.tokenVersion !== claims.version) throw errors.tokenInvalid();
      request.user = user;
      if (access !== "authenticated" && access !== "optional" && !access.includes(user.role)) throw errors.forbidden();
    };

    // A callback hook: a request that needs no sign-in (most of them) goes on without a promise.
    app.addHook("onRequest", (request, _reply, done) => {
      const access = request.routeOptions.config.access ?? "public";
      // On an optional route only a request with no Authorization header at all is anonymous.
      if (access === "public" || access === "signed" || (access === "optional" && request.headers.authorization === undefined)) {
        done();
        return;
      }
      signIn(request, access).then(() => done(), done);
    });
  },
  { name: "access" },
);

/** The signed-in user of a route declared non-public. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.notAuthenticated();
  return request.user;
}
