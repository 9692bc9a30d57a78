import { ROLES, SERVER_PATH_PREFIXES, type Role } from "@hospipay/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../lib/error-handler";
import { buildUser, createTestApp } from "../test/test-app";
import { accessPlugin, type Access, type RouteAccess } from "./access";

// Built at collection time so the matrix below is generated from the routes the app really registers:
// a route added later, with any access, joins the matrix without touching this file.
const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The API docs are Fastify's own routes, exempt from access declarations by design. */
const isDocs = (url: string) => url.startsWith("/docs");

const serverRoutes = t.app.routeAccess.filter((route) => isServerPath(route.url) && !isDocs(route.url));
const OPEN = new Set<unknown>(["public", "optional", "signed"]);
const guardedRoutes = serverRoutes.filter((route) => !OPEN.has(route.access));
// The sandbox's simulators are public to the product but check their party's own credentials
// (covered in apps/sandbox); the product's public routes must be open to anyone.
const isSandbox = (url: string) => url.startsWith("/sandbox/");
const publicRoutes = serverRoutes.filter((route) => route.access === "public" && !isSandbox(route.url));
const optionalRoutes = serverRoutes.filter((route) => route.access === "optional");
const signedRoutes = serverRoutes.filter((route) => route.access === "signed");

/** A concrete URL for a route pattern: path parameters and wildcards get a harmless value. */
const concreteUrl = (url: string) => url.replace(/:\w+/g, "1").replace(/\*/g, "x");

/** Who the declared access lets in. */
const allows = (access: Access | undefined, role: Role) =>
  access === "public" || access === "authenticated" || (access ?? []).includes(role);

/**
 * The routes `printRoutes` shows, parsed from its tree: an account of the router that does not go
 * through the access plugin's hook, to prove no route escaped it.
 */
function routesFromPrintout(app: FastifyInstance): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean))
      out.push({ method, url: stack.join("") });
  }
  return out;
}

async function request(app: FastifyInstance, route: RouteAccess, authorization?: string, body?: string) {
  const write = !["GET", "HEAD", "OPTIONS"].includes(route.method);
  const response = await app.inject({
    method: route.method as "GET",
    url: concreteUrl(route.url),
    headers: { ...(authorization ? { authorization } : {}), ...(write ? { "content-type": "application/json" } : {}) },
    ...(write ? { payload: body ?? "{}" } : {}),
  });
  let json: Record<string, unknown> = {};
  try {
    json = response.json();
  } catch {
    // HEAD answers and HTML pages carry no JSON
  }
  return { status: response.statusCode, json };
}

/** Tokens that must never open a guarded route. */
async function badAuthorizations(userId: number): Promise<Array<[string, string]>> {
  const otherKey = await new SignJWT({ role: "SUPERADMIN", ver: 0 })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuer("hospipay")
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("another-secret-".repeat(4)));
  const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: String(userId), role: "SUPERADMIN", ver: 0, iss: "hospipay" })).toString("base64url")}.`;
  return [
    ["garbage", "Bearer garbage"],
    ["three dotted parts", "Bearer a.b.c"],
    ["signed with another key", `Bearer ${otherKey}`],
    ["unsigned (alg none)", `Bearer ${unsigned}`],
    [
      "for a user that does not exist",
      `Bearer ${await t.services.tokens.issue({ userId: 9_999_999, role: "SUPERADMIN", version: 0 })}`,
    ],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["an empty bearer", "Bearer "],
  ];
}

/** The whole access check of one route on one app: who gets 401, who gets 403, who gets through. */
async function expectAccessEnforced(app: FastifyInstance, route: RouteAccess) {
  const none = await request(app, route);
  expect(none.status, "no token").toBe(401);
  // Access is decided before the body is read: even an invalid body gets 401, not 400.
  if (route.method !== "GET" && route.method !== "HEAD")
    expect((await request(app, route, undefined, "{not json")).status).toBe(401);
  if (route.method !== "HEAD") expect(none.json.code).toBe("not_authenticated");
  for (const scheme of ["Bearer", "bearer", "BEARER"]) expect((await request(app, route, `${scheme} garbage`)).status).toBe(401);

  const someone = await buildUser(t);
  for (const [label, authorization] of await badAuthorizations(someone.id)) {
    expect((await request(app, route, authorization)).status, label).toBe(401);
  }

  for (const role of ROLES) {
    const user = await buildUser(t, { role });
    const res = await request(app, route, `Bearer ${user.token}`);
    if (allows(route.access, role)) {
      expect([401, 403], `${role} is let in`).not.toContain(res.status);
      expect(res.status, role).toBeLessThan(500);
    } else {
      expect(res.status, `${role} is refused`).toBe(403);
      if (route.method !== "HEAD") expect(res.json.code).toBe("permission_denied");
    }
  }
}

describe("route access declarations", () => {
  it("records every server route the router knows, each with a valid declared access", () => {
    const printed = routesFromPrintout(t.app).filter((route) => isServerPath(route.url) && !isDocs(route.url));
    expect(printed.length).toBeGreaterThan(10);
    // The printout merges sibling parameters (":token|:departmentId"), so parameters are compared by place, not name.
    const shape = (url: string) => url.replace(/:[\w|:]+/g, ":");
    const recorded = new Set(serverRoutes.map((route) => `${route.method} ${shape(route.url)}`));
    for (const route of printed)
      expect(recorded, `${route.method} ${route.url}`).toContain(`${route.method} ${shape(route.url)}`);
    for (const route of serverRoutes) {
      const access = route.access;
      const valid =
        access === "public" ||
        access === "optional" ||
        access === "signed" ||
        access === "authenticated" ||
        (Array.isArray(access) && access.length > 0 && access.every((role) => (ROLES as readonly string[]).includes(role)));
      expect(valid, `${route.method} ${route.url}: ${JSON.stringify(access)}`).toBe(true);
    }
  });

  it("knows the routes SPEC §7 lists as authenticated and public", () => {
    const accessOf = (method: string, url: string) =>
      serverRoutes.find((route) => route.method === method && route.url === url)?.access;
    expect(accessOf("GET", "/auth/profile/")).toBe("authenticated");
    expect(accessOf("POST", "/auth/profile/update/")).toBe("authenticated");
    expect(accessOf("POST", "/auth/profile/change-password/")).toBe("authenticated");
    expect(accessOf("POST", "/auth/login/")).toBe("public");
    expect(accessOf("POST", "/auth/register/")).toBe("public");
    expect(accessOf("POST", "/verify-email/")).toBe("public");
  });

  it("refuses to start when a server route declares no access", async () => {
    const app = Fastify();
    await app.register(accessPlugin, { tokens: t.services.tokens, users: t.repositories.users });
    expect(() => app.post("/auth/forgotten/", async () => ({ ok: true }))).toThrow(
      "Route POST /auth/forgotten/ declares no access",
    );
    // Outside the server paths (web app pages) no declaration is needed.
    expect(() => app.get("/some-page", async () => "page")).not.toThrow();
    await app.close();
  });
});

describe.each(guardedRoutes)("guarded: $method $url ($access)", (route) => {
  it("answers 401 without a valid token, 403 to roles not listed, and lets the listed roles in", async () => {
    await expectAccessEnforced(t.app, route);
  });
});

describe.each(publicRoutes)("public: $method $url", (route) => {
  it("is reachable without a token, and a stale or garbage token does not lock it", async () => {
    const anonymous = await request(t.app, route);
    expect([401, 403]).not.toContain(anonymous.status);
    expect(anonymous.status).toBeLessThan(500);
    const withGarbage = await request(t.app, route, "Bearer garbage");
    expect(withGarbage.status).toBe(anonymous.status);
  });
});

describe.each(optionalRoutes)("optional: $method $url", (route) => {
  it("is reachable without a token, refuses a bad token, and recognises every role", async () => {
    const anonymous = await request(t.app, route);
    expect([401, 403]).not.toContain(anonymous.status);
    expect(anonymous.status).toBeLessThan(500);
    expect((await request(t.app, route, "Bearer garbage")).status).toBe(401);
    const someone = await buildUser(t);
    for (const [label, authorization] of await badAuthorizations(someone.id)) {
      expect((await request(t.app, route, authorization)).status, label).toBe(401);
    }
    for (const role of ROLES) {
      const user = await buildUser(t, { role });
      const res = await request(t.app, route, `Bearer ${user.token}`);
      expect([401, 403], role).not.toContain(res.status);
      expect(res.status, role).toBeLessThan(500);
    }
  });
});

describe.each(signedRoutes)("signed: $method $url", (route) => {
  it("refuses a call without the party's signature, whatever bearer token it carries", async () => {
    const user = await buildUser(t, { role: "SUPERADMIN" });
    for (const authorization of [undefined, `Bearer ${user.token}`]) {
      const res = await request(t.app, route, authorization);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe("invalid_signature");
    }
  });
});

describe("role lists", () => {
  it("enforces a route limited to ADMIN and SUPERADMIN with the same matrix", async () => {
    // A small app with the real plugin, token service and users table, and one staff-only route, to
    // show the matrix above covers role lists when such routes arrive.
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(accessPlugin, { tokens: t.services.tokens, users: t.repositories.users });
    app.get("/invoices/staff-only/", { config: { access: ["ADMIN", "SUPERADMIN"] } }, async () => ({ ok: true }));
    await app.ready();
    try {
      const routes = app.routeAccess.filter((route) => route.url === "/invoices/staff-only/");
      expect(routes.map((route) => route.method).sort()).toEqual(["GET", "HEAD"]);
      for (const route of routes) await expectAccessEnforced(app, route);
      const customer = await buildUser(t, { role: "CUSTOMER" });
      const refused = await request(
        app,
        routes.find((route) => route.method === "GET")!,
        `Bearer ${customer.token}`,
      );
      expect(refused).toEqual({ status: 403, json: expect.objectContaining({ code: "permission_denied" }) });
    } finally {
      await app.close();
    }
  });
});
