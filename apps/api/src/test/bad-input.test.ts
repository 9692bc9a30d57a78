import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "./test-app";
import {
  BODY_ROUTES,
  expectFieldErrorBody,
  fieldKeys,
  isServerPath,
  NESTED_BODY_ROUTES,
  raw,
  target,
  tokenFor,
  validBody,
} from "./write-routes";

// Bad input to every route (write-routes.ts), refused before the handler acts: the HTTP layer's field matrix,
// run on one engine (apps/api/vitest.config.ts ENGINE_INDEPENDENT). What a refusal leaves in the database is
// checked on both, in bad-input-writes.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe.each(BODY_ROUTES)("$method $url", (route) => {
  const fields = [...route.required, ...route.optional];

  it("{} → 400 with 'This field is required.' under each required field, nothing under optional ones", async () => {
    const res = await call(t, route.method, target(route), {}, await tokenFor(t, route));
    expect(res.status).toBe(400);
    expectFieldErrorBody(res.json);
    expect(fieldKeys(res.json)).toEqual([...route.required].sort());
    for (const field of route.required) expect((res.json[field] as string[])[0]).toBe("This field is required.");
  });

  it.each([
    ["a number", 12345],
    ["an array", ["x"]],
    ["an empty array", []],
    ["an object", { nested: "x" }],
    ["a boolean", true],
  ])("each field as %s → 400 with a field error under that field only", async (_label, value) => {
    const token = await tokenFor(t, route);
    for (const field of fields) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: value }, token);
      expect(res.status, field).toBe(400);
      expectFieldErrorBody(res.json);
      expect(fieldKeys(res.json), field).toEqual([field]);
      expect((res.json[field] as string[])[0], field).toBe("Not a valid string.");
    }
  });

  it("null → 400 for required fields; optional fields accept null", async () => {
    const token = await tokenFor(t, route);
    for (const field of route.required) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: null }, token);
      expect(res.status, field).toBe(400);
      expect(fieldKeys(res.json), field).toEqual([field]);
      expect((res.json[field] as string[])[0], field).toBe("Not a valid string.");
    }
    for (const field of route.optional) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: null }, token);
      expect(res.status, field).toBe(200);
    }
  });

  it("a 100 000-character value in any field → 400 with a length error under that field (not 413)", async () => {
    const token = await tokenFor(t, route);
    for (const field of fields) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: "7".repeat(100_000) }, token);
      expect(res.status, field).toBe(400);
      expect(fieldKeys(res.json), field).toEqual([field]);
      expect(res.json[field], field).toContainEqual(
        expect.stringMatching(/^Ensure this field has no more than \d+ characters\.$/),
      );
    }
  });

  it.each([
    ["truncated", '{"email": '],
    ["single quotes", "{'email': 'a@example.ng'}"],
    ["trailing comma", '{"email": "a@example.ng",}'],
    ["bare word", "hello"],
  ])("malformed JSON (%s) → 400 with non_field_errors", async (_label, payload) => {
    const res = await raw(
      t,
      route.method,
      target(route),
      payload,
      { "content-type": "application/json" },
      await tokenFor(t, route),
    );
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Malformed JSON request body.");
    expect(res.json.non_field_errors).toEqual(["Malformed JSON request body."]);
  });

  it.each([
    ["an array", "[]"],
    ["an array of objects", `[${JSON.stringify(route.valid)}]`],
    ["a string", '"hello"'],
    ["a number", "42"],
    ["null", "null"],
    ["true", "true"],
  ])("JSON that is %s → 400 with non_field_errors", async (_label, payload) => {
    const res = await raw(
      t,
      route.method,
      target(route),
      payload,
      { "content-type": "application/json" },
      await tokenFor(t, route),
    );
    expect(res.status).toBe(400);
    expectFieldErrorBody(res.json);
    expect(fieldKeys(res.json)).toEqual(["non_field_errors"]);
  });

  it("a prototype-poisoning body → 400, never applied", async () => {
    const token = await tokenFor(t, route);
    for (const payload of [
      `{"__proto__": {"polluted": "yes"}, ${JSON.stringify(route.valid).slice(1)}`,
      `{"constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(route.valid).slice(1)}`,
    ]) {
      const res = await raw(t, route.method, target(route), payload, { "content-type": "application/json" }, token);
      expect(res.status).toBe(400);
      expect(typeof res.json.detail).toBe("string");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it("an empty body sent as JSON → 400 with non_field_errors", async () => {
    const res = await raw(t, route.method, target(route), "", { "content-type": "application/json" }, await tokenFor(t, route));
    expect(res.status).toBe(400);
    expect(res.json.non_field_errors).toEqual(["The request body is empty; a JSON object was expected."]);
  });

  it.each([
    ["text/plain", JSON.stringify(route.valid)],
    ["application/x-www-form-urlencoded", new URLSearchParams(route.valid).toString()],
    ["application/xml", "<body/>"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.ng\r\n--x--\r\n'],
  ])("content type %s → 415", async (contentType, payload) => {
    const res = await raw(t, route.method, target(route), payload, { "content-type": contentType }, await tokenFor(t, route));
    expect(res.status).toBe(415);
    expect(res.json.detail).toBe("Unsupported media type; send application/json.");
  });

  it("a body over the 256 KB limit → 413", async () => {
    const payload = JSON.stringify({ ...route.valid, [fields[0]!]: "x".repeat(257 * 1024) });
    const res = await raw(
      t,
      route.method,
      target(route),
      payload,
      { "content-type": "application/json" },
      await tokenFor(t, route),
    );
    expect(res.status).toBe(413);
    expect(res.json.detail).toBe("The request body is too large.");
  });
});

/** What a gateway webhook answers a text/plain body: Remita's text OK, 401 without the signature elsewhere. */
const WEBHOOK_TEXT_STATUS: Record<string, number> = {
  "/api/express/webhooks/remita/": 200,
  "/api/express/webhooks/monnify/": 401,
  "/api/express/webhooks/paystack/": 401,
};

describe("nested and gateway bodies", () => {
  it.each(NESTED_BODY_ROUTES)("$method $url: malformed, non-object, non-JSON and oversized bodies get a 4xx", async (route) => {
    const json = { "content-type": "application/json" };
    const token = route.auth ? (await buildUser(t, { role: "role" in route ? route.role : "CUSTOMER" })).token : undefined;
    const url = target(route);
    const malformed = await raw(t, route.method, url, "{", json, token);
    expect(malformed.status).toBe(400);
    expect(typeof malformed.json.detail).toBe("string");
    for (const payload of ["[]", '"text"', "42", "null", "{}"]) {
      const res = await raw(t, route.method, url, payload, json, token);
      expect(res.status, payload).toBeGreaterThanOrEqual(200);
      expect(res.status, payload).toBeLessThan(500);
    }
    // A gateway's notification may come with any content type (Remita documents none): it is read, not refused;
    // unsigned text names no payment, and a signed gateway's lacks its signature.
    const plain = await raw(t, route.method, url, "hello", { "content-type": "text/plain" }, token);
    expect(plain.status).toBe(WEBHOOK_TEXT_STATUS[url] ?? 415);
    expect((await raw(t, route.method, url, JSON.stringify({ pad: "x".repeat(16 * 1024 * 1024) }), json, token)).status).toBe(
      413,
    );
  });
});

describe("slow-input safety", () => {
  it("answers a long e-mail shaped to make a regular expression backtrack quickly", async () => {
    const evil = `a@${"a.".repeat(40_000)}@`;
    const started = Date.now();
    const res = await call(t, "POST", API_PATHS.register, { ...validBody(API_PATHS.register), email: evil });
    expect(res.status).toBe(400);
    expect(res.json.email).toEqual(["Ensure this field has no more than 254 characters."]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("bad input to the staff search", () => {
  it("refuses a missing, blank, short, long or repeated q, and pages out of range, with field errors", async () => {
    const agent = await buildUser(t, { role: "AGENT" });
    const cases: Array<[string, string]> = [
      ["", "q"],
      ["q=", "q"],
      ["q=%20%20%20", "q"],
      ["q=a", "q"],
      [`q=${"x".repeat(101)}`, "q"],
      ["q=ab&q=cd", "q"],
      ["q=ab&page=0", "page"],
      ["q=ab&page=two", "page"],
      ["q=ab&page_size=101", "page_size"],
      ["q=ab&page_size=-1", "page_size"],
    ];
    for (const [query, field] of cases) {
      const res = await raw(t, "GET", `${API_PATHS.staffSearch}?${query}`, undefined, {}, agent.token);
      expect(res.status, query).toBe(400);
      expect(typeof res.json.detail, query).toBe("string");
      expect(Array.isArray(res.json[field]), `${query}: ${JSON.stringify(res.json)}`).toBe(true);
    }
  });
});

describe("bad input in the URL", () => {
  // GET routes that answer 200 with no parameters at all (those with path or required query
  // parameters have their own bad-input cases beside them).
  const NEEDS_PARAMETERS = new Set<string>([
    API_PATHS.fetchTransactions,
    API_PATHS.staffSearch,
    API_PATHS.staffPatients,
    // The month is required: its cases are in settlements.test.ts.
    API_PATHS.staffSettlements,
    API_PATHS.settlementDifferences,
  ]);
  const getRoutes = () =>
    t.app.routeAccess.filter(
      (route) =>
        route.method === "GET" &&
        isServerPath(route.url) &&
        !route.url.startsWith("/docs") &&
        !route.url.includes(":") &&
        !NEEDS_PARAMETERS.has(route.url),
    );

  it("GET server routes ignore junk query strings (repeated, bracketed, badly escaped, long)", async () => {
    const user = await buildUser(t);
    const junk = `?a=%E0%A4%A&b[]=1&b=2&c[d]=e&%%%=1&long=${"y".repeat(5000)}&=&&`;
    expect(getRoutes().length).toBeGreaterThan(0);
    for (const route of getRoutes()) {
      const role = Array.isArray(route.access) ? route.access[0] : "CUSTOMER";
      const token =
        route.access === "public" ? undefined : role === "CUSTOMER" ? user.token : (await buildUser(t, { role })).token;
      const plain = await raw(t, "GET", route.url, undefined, {}, token);
      const withJunk = await raw(t, "GET", `${route.url}${junk}`, undefined, {}, token);
      // Junk in the query changes nothing: the same answer as without it (a 404 for "no KYC yet" included).
      expect([200, 404], route.url).toContain(plain.status);
      expect(withJunk.status, route.url).toBe(plain.status);
    }
  });

  it("a badly escaped path → 400 with a detail, like every other client error", async () => {
    for (const url of ["/auth/%E0%A4%A/", "/api/%zz", "/auth/profile/%"]) {
      const res = await raw(t, "GET", url, undefined);
      expect(res.status, url).toBe(400);
      expect(typeof res.json.detail, url).toBe("string");
    }
  });
});
