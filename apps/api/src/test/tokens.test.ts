import { SERVER_PATH_PREFIXES } from "@hospipay/contract";
import { exportSPKI, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteAccess } from "../plugins/access";
import { buildUser, call, createTestApp, type TestApp } from "./test-app";

/**
 * Access tokens that must never open a route: forged, tampered, expired, malformed, revoked by sign-out
 * or a password change, or of a deactivated account. Each is refused with the same 401 body on a
 * customer route and on a staff route. And a valid token is only ever read from the Authorization header.
 */

// Built at collection time, so the query-string/cookie cases cover every route the app registers.
const t: TestApp = await createTestApp();
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof buildUser>>;

const CUSTOMER_ROUTE = "/api/wallet/transactions/";
const STAFF_ROUTE = "/invoices/invoices/statistics/";
/** The body of every refused token (SimpleJWT's code and a message the web shows). */
const REFUSED = { detail: "Your session has expired or was signed out. Please sign in again.", code: "token_not_valid" };

const b64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
const parts = (token: string) => token.split(".") as [string, string, string];
const claimsOf = (token: string) => JSON.parse(Buffer.from(parts(token)[1], "base64url").toString()) as Record<string, unknown>;

/** The key the app signs with (generated once and kept in the database when JWT_SECRET is unset). */
let appKey: Uint8Array;
beforeAll(async () => {
  const secret =
    t.env.JWT_SECRET ?? (await t.db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`)).rows[0]!.value;
  appKey = new TextEncoder().encode(secret);
});

const currentVersion = async (user: User) =>
  (await t.db.query<{ v: number }>(`SELECT token_version AS v FROM users WHERE id = $1`, [user.id])).rows[0]!.v;

/** A token signed with the app's own key: claims and header as given (defaults: the user's valid claims). */
async function signedByApp(
  user: User,
  change: {
    claims?: Record<string, unknown>;
    header?: Record<string, unknown>;
    exp?: number | string | null;
    nbf?: number;
    iss?: string;
    sub?: string;
  } = {},
): Promise<string> {
  const jwt = new SignJWT({ role: user.role, ver: await currentVersion(user), ...change.claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", ...change.header } as { alg: string })
    .setSubject(change.sub ?? String(user.id))
    .setIssuedAt()
    .setIssuer(change.iss ?? "hospipay");
  if (change.exp !== null) jwt.setExpirationTime(change.exp ?? "1h");
  if (change.nbf !== undefined) jwt.setNotBefore(change.nbf);
  return jwt.sign(appKey);
}

const now = () => Math.floor(Date.now() / 1000);

/** Bad tokens made from a signed-in user's valid one. */
const FORGERIES: Array<[string, (user: User) => Promise<string>]> = [
  [
    "payload tampered: role SUPERADMIN, old signature",
    async (user) => {
      const [header, , signature] = parts(user.token);
      return `${header}.${b64({ ...claimsOf(user.token), role: "SUPERADMIN" })}.${signature}`;
    },
  ],
  [
    "payload tampered: another user's id, old signature",
    async (user) => {
      const [header, , signature] = parts(user.token);
      return `${header}.${b64({ ...claimsOf(user.token), sub: String(user.id - 1) })}.${signature}`;
    },
  ],
  [
    "payload tampered: later expiry, old signature",
    async (user) => {
      const [header, , signature] = parts(user.token);
      return `${header}.${b64({ ...claimsOf(user.token), exp: now() + 10 * 365 * 86_400 })}.${signature}`;
    },
  ],
  [
    "header tampered: a kid added, old signature",
    async (user) => {
      const [, payload, signature] = parts(user.token);
      return `${b64({ alg: "HS256", typ: "JWT", kid: "x" })}.${payload}.${signature}`;
    },
  ],
  [
    "alg none, no signature",
    async (user) => `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claimsOf(user.token), role: "SUPERADMIN" })}.`,
  ],
  ["alg None, no signature", async (user) => `${b64({ alg: "None" })}.${b64(claimsOf(user.token))}.`],
  [
    "alg NONE, old signature kept",
    async (user) => `${b64({ alg: "NONE" })}.${b64(claimsOf(user.token))}.${parts(user.token)[2]}`,
  ],
  ["alg none, two parts", async (user) => `${b64({ alg: "none" })}.${b64(claimsOf(user.token))}`],
  [
    "signed with a wrong key",
    async (user) =>
      new SignJWT({ role: "SUPERADMIN", ver: claimsOf(user.token).ver })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuer("hospipay")
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("not-the-app-secret-".repeat(4))),
  ],
  [
    "signed with an empty-ish key",
    async (user) =>
      new SignJWT({ role: user.role, ver: claimsOf(user.token).ver })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer("hospipay")
        .setExpirationTime("1h")
        .sign(new Uint8Array(32)),
  ],
  [
    "HS512 with the app's own key (algorithm pinned to HS256)",
    async (user) =>
      new SignJWT({ role: user.role, ver: await currentVersion(user) })
        .setProtectedHeader({ alg: "HS512", typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuer("hospipay")
        .setExpirationTime("1h")
        .sign(appKey),
  ],
  [
    "RS256 with an attacker's key pair",
    async (user) => {
      const { privateKey } = await generateKeyPair("RS256");
      return new SignJWT({ role: "SUPERADMIN", ver: claimsOf(user.token).ver })
        .setProtectedHeader({ alg: "RS256", typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuer("hospipay")
        .setExpirationTime("1h")
        .sign(privateKey);
    },
  ],
  [
    "HS256 keyed with an RSA public key (RS/HS confusion)",
    async (user) => {
      const { publicKey } = await generateKeyPair("RS256", { extractable: true });
      return new SignJWT({ role: "SUPERADMIN", ver: claimsOf(user.token).ver })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuer("hospipay")
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(await exportSPKI(publicKey)));
    },
  ],
  ["expired an hour ago (the app's own key)", async (user) => signedByApp(user, { exp: now() - 3600 })],
  ["expired a minute ago (the app's own key)", async (user) => signedByApp(user, { exp: now() - 60 })],
  ["no expiry at all (the app's own key)", async (user) => signedByApp(user, { exp: null })],
  ["not valid before tomorrow (the app's own key)", async (user) => signedByApp(user, { nbf: now() + 86_400 })],
  ["another issuer (the app's own key)", async (user) => signedByApp(user, { iss: "someone-else" })],
  ["a subject that is not an id (the app's own key)", async (user) => signedByApp(user, { sub: `${user.id} OR 1=1` })],
  [
    "a version that is not a number (the app's own key)",
    async (user) => signedByApp(user, { claims: { ver: String(claimsOf(user.token).ver) } }),
  ],
  [
    "a stale version (the app's own key)",
    async (user) => signedByApp(user, { claims: { ver: (await currentVersion(user)) - 1 } }),
  ],
  ["for a user that does not exist (the app's own key)", async (user) => signedByApp(user, { sub: "987654321" })],
  ["not three parts: one", async () => "eyJhbGciOiJIUzI1NiJ9"],
  ["not three parts: four", async (user) => `${user.token}.${parts(user.token)[2]}`],
  ["not three parts: the signature dropped", async (user) => parts(user.token).slice(0, 2).join(".")],
  ["not three parts: an empty signature", async (user) => `${parts(user.token).slice(0, 2).join(".")}.`],
  ["bad base64 in the header", async (user) => `!!!${user.token}`],
  [
    "bad base64 in the payload",
    async (user) => {
      const [h, p, s] = parts(user.token);
      return `${h}.${p.slice(0, 10)}*&^%${p.slice(10)}.${s}`;
    },
  ],
  ["bad base64 in the signature", async (user) => `${user.token.slice(0, -4)}$$$$`],
  [
    "a payload that is not JSON",
    async (user) => {
      const [h, , s] = parts(user.token);
      return `${h}.${b64("not json")}.${s}`;
    },
  ],
  ["garbage", async () => "garbage"],
  ["three dots", async () => "..."],
  ["the token followed by junk", async (user) => `${user.token} junk`],
  ["the token twice", async (user) => `${user.token} ${user.token}`],
  ["a 10 KB token", async () => `${"a".repeat(4000)}.${"b".repeat(4000)}.${"c".repeat(2000)}`],
];

async function get(url: string, authorization?: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { ...(authorization !== undefined ? { authorization } : {}), ...headers },
  });
  let json: Record<string, unknown> = {};
  try {
    json = response.json();
  } catch {
    // not JSON
  }
  return { status: response.statusCode, json };
}

/** The token is refused on the route with the one 401 body; the user's own valid token still works there. */
async function expectRefused(url: string, token: string, label: string) {
  const res = await get(url, `Bearer ${token}`);
  expect(res.status, label).toBe(401);
  expect(res.json, label).toEqual(REFUSED);
}

describe("forged, tampered, expired and malformed tokens", () => {
  let customer: User;
  let admin: User;
  beforeAll(async () => {
    customer = await buildUser(t);
    admin = await buildUser(t, { role: "ADMIN" });
  });

  it("the valid tokens work on their routes (so every refusal below is the token's)", async () => {
    expect((await get(CUSTOMER_ROUTE, `Bearer ${customer.token}`)).status).toBe(200);
    expect((await get(STAFF_ROUTE, `Bearer ${admin.token}`)).status).toBe(200);
  });

  it.each(FORGERIES)("%s → 401 token_not_valid on a customer route and a staff route", async (label, forge) => {
    for (const user of [customer, admin]) expect(await forge(user), label).not.toBe(user.token);
    await expectRefused(CUSTOMER_ROUTE, await forge(customer), `customer route, customer's token: ${label}`);
    await expectRefused(STAFF_ROUTE, await forge(admin), `staff route, admin's token: ${label}`);
    // A customer's forged token never reaches the staff route either.
    await expectRefused(STAFF_ROUTE, await forge(customer), `staff route, customer's token: ${label}`);
    // The real tokens are untouched by the attempts.
    expect((await get(CUSTOMER_ROUTE, `Bearer ${customer.token}`)).status).toBe(200);
    expect((await get(STAFF_ROUTE, `Bearer ${admin.token}`)).status).toBe(200);
  });

  it("trusts the database's role, not the token's: a validly signed role claim of SUPERADMIN does not make a customer one", async () => {
    const claimsSuper = await signedByApp(customer, { claims: { role: "SUPERADMIN" } });
    const staff = await get("/api/staff/users/", `Bearer ${claimsSuper}`);
    expect(staff.status).toBe(403);
    expect(staff.json.code).toBe("permission_denied");
    expect((await get(CUSTOMER_ROUTE, `Bearer ${claimsSuper}`)).status).toBe(200);
  });

  it("a missing or empty credential is 'not authenticated', not a session error", async () => {
    for (const authorization of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Token abc",
      "Basic dXNlcjpwYXNz",
      `JWT ${customer.token}`,
    ]) {
      const res = await get(CUSTOMER_ROUTE, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.json, String(authorization)).toEqual({
        detail: "Authentication credentials were not provided.",
        code: "not_authenticated",
      });
    }
  });
});

describe("revoked sessions", () => {
  /** A customer and a super admin signed in through the real login, with their tokens checked working. */
  async function signedIn() {
    const customer = await buildUser(t);
    const admin = await buildUser(t, { role: "ADMIN" });
    for (const [user, url] of [
      [customer, CUSTOMER_ROUTE],
      [admin, STAFF_ROUTE],
    ] as const) {
      const login = await call(t, "POST", "/auth/login/", { username_or_email: user.email, password: user.password });
      expect(login.status).toBe(200);
      user.token = String(login.json.access);
      expect((await get(url, `Bearer ${user.token}`)).status).toBe(200);
    }
    return { customer, admin };
  }

  it("by sign-out: every token issued before is refused", async () => {
    const { customer, admin } = await signedIn();
    const older = await t.services.tokens.issue({
      userId: customer.id,
      role: "CUSTOMER",
      version: await currentVersion(customer),
    });
    for (const [user, url] of [
      [customer, CUSTOMER_ROUTE],
      [admin, STAFF_ROUTE],
    ] as const) {
      expect((await call(t, "POST", "/auth/logout/", undefined, user.token)).status).toBe(200);
      await expectRefused(url, user.token, `${user.role} after sign-out`);
      await expectRefused("/auth/profile/", user.token, `${user.role} profile after sign-out`);
      // Signing out again with the revoked token is refused too.
      expect((await call(t, "POST", "/auth/logout/", undefined, user.token)).json).toEqual(REFUSED);
    }
    await expectRefused(CUSTOMER_ROUTE, older, "a second session's token after sign-out");
  });

  it("by a password change: old tokens are refused, the fresh one works", async () => {
    const { customer, admin } = await signedIn();
    for (const [user, url] of [
      [customer, CUSTOMER_ROUTE],
      [admin, STAFF_ROUTE],
    ] as const) {
      const res = await call(
        t,
        "POST",
        "/auth/profile/change-password/",
        { old_password: user.password, new_password: "a-new-long-password-1" },
        user.token,
      );
      expect(res.status).toBe(200);
      await expectRefused(url, user.token, `${user.role} after a password change`);
      expect((await get(url, `Bearer ${String(res.json.access)}`)).status).toBe(200);
    }
  });

  it("by deactivation (PATCH /api/staff/users/{id}/ {is_active: false} by a super admin)", async () => {
    const { customer, admin } = await signedIn();
    const boss = await buildUser(t, { role: "SUPERADMIN" });
    for (const [user, url] of [
      [customer, CUSTOMER_ROUTE],
      [admin, STAFF_ROUTE],
    ] as const) {
      const res = await call(t, "PATCH", `/api/staff/users/${user.id}/`, { is_active: false }, boss.token);
      expect(res.status).toBe(200);
      expect((res.json.user as { is_active: boolean }).is_active).toBe(false);
      await expectRefused(url, user.token, `deactivated ${user.role}`);
      // A token the app would sign now (current version) is refused too: the account is inactive.
      await expectRefused(
        url,
        await t.services.tokens.issue({ userId: user.id, role: user.role, version: await currentVersion(user) }),
        `deactivated ${user.role}, current version`,
      );
      const login = await call(t, "POST", "/auth/login/", { username_or_email: user.email, password: user.password });
      expect(login.status).toBe(403);
      expect(login.json.access).toBeUndefined();
    }
    // Reactivation does not revive the old tokens.
    expect((await call(t, "PATCH", `/api/staff/users/${customer.id}/`, { is_active: true }, boss.token)).status).toBe(200);
    await expectRefused(CUSTOMER_ROUTE, customer.token, "reactivated, old token");
  });
});

describe("tokens outside the Authorization header", () => {
  const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
  const GUARDED = new Set<unknown>(["public", "optional", "signed"]);
  const guarded = t.app.routeAccess.filter(
    (route) =>
      isServerPath(route.url) &&
      !route.url.startsWith("/sandbox/") &&
      !route.url.startsWith("/docs") &&
      !GUARDED.has(route.access),
  );
  const concrete = (route: RouteAccess) => route.url.replace(/:\w+/g, "1");
  const roleFor = (route: RouteAccess) => (Array.isArray(route.access) ? route.access[0]! : "CUSTOMER");

  it("covers the guarded routes", () => {
    expect(guarded.length).toBeGreaterThan(25);
  });

  it.each(guarded.map((route) => [`${route.method} ${route.url}`, route] as const))(
    "%s: a valid token in the query string or a cookie is not a sign-in (401)",
    async (_label, route) => {
      const user = await buildUser(t, { role: roleFor(route) });
      const write = !["GET", "HEAD"].includes(route.method);
      const places: Array<[string, string, Record<string, string>]> = [
        ...["token", "access_token", "jwt", "access", "auth", "authorization", "bearer"].map(
          (key) => [`?${key}=`, `${concrete(route)}?${key}=${user.token}`, {}] as [string, string, Record<string, string>],
        ),
        [`?authorization=Bearer`, `${concrete(route)}?authorization=${encodeURIComponent(`Bearer ${user.token}`)}`, {}],
        ...["token", "access_token", "jwt", "access", "Authorization", "sessionid"].map(
          (name) =>
            [`cookie ${name}`, concrete(route), { cookie: `${name}=${user.token}` }] as [string, string, Record<string, string>],
        ),
        ["cookie Bearer", concrete(route), { cookie: `Authorization=Bearer%20${user.token}` }],
        ["x-access-token header", concrete(route), { "x-access-token": user.token }],
        ["x-auth-token header", concrete(route), { "x-auth-token": user.token }],
      ];
      for (const [where, url, headers] of places) {
        const response = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: { ...headers, ...(write ? { "content-type": "application/json" } : {}) },
          ...(write ? { payload: "{}" } : {}),
        });
        expect(response.statusCode, where).toBe(401);
        if (route.method !== "HEAD")
          expect(response.json(), where).toEqual({
            detail: "Authentication credentials were not provided.",
            code: "not_authenticated",
          });
      }
      // The same token in the header is let in: the refusals above are about where it was.
      const inHeader = await t.app.inject({
        method: route.method as "GET",
        url: concrete(route),
        headers: { authorization: `Bearer ${user.token}`, ...(write ? { "content-type": "application/json" } : {}) },
        ...(write ? { payload: "{}" } : {}),
      });
      expect([401, 403]).not.toContain(inHeader.statusCode);
    },
  );

  it("the optional checkout treats a query-string or cookie token as no sign-in: a wallet payment is refused", async () => {
    const customer = await buildUser(t);
    const walletId = Number((await call(t, "GET", "/auth/profile/", undefined, customer.token)).json.wallet_id);
    const body = {
      items: [{ service: { id: 1, name: "Consultation", price: "100.00" }, amount: "100.00", qty: 1 }],
      customer_meta: {
        first_name: "Ada",
        last_name: "Obi",
        email: "ada@example.ng",
        phone_number: "08031234567",
        hospital_number: "H-1",
        transaction_description: "Visit",
      },
      payment_method: "wallet",
      wallet_id: walletId,
      charge_fee: "100.00",
    };
    for (const [url, headers] of [
      [`/express/checkout/?token=${customer.token}`, {}],
      [`/express/checkout/?access_token=${customer.token}`, {}],
      ["/express/checkout/", { cookie: `token=${customer.token}` }],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe("not_authenticated");
    }
  });
});
