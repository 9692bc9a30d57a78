import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import Fastify from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";
import { helmetHeaders, securityHeadersPlugin } from "./security-headers";

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "https://pay.example"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

/** What helmet itself sets on a real Node response. */
async function helmetOnRealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  await new Promise<void>((resolve, reject) =>
    helmet(options)(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve())),
  );
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe("security headers", () => {
  it("are exactly what helmet sets, computed once", async () => {
    const recorded = await helmetHeaders(OPTIONS);
    expect(recorded).toEqual(await helmetOnRealResponse(OPTIONS));
    expect(recorded["content-security-policy"]).toContain("script-src 'self' https://pay.example");
    expect(recorded["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(recorded["x-content-type-options"]).toBe("nosniff");
    expect(recorded["referrer-policy"]).toBe("no-referrer");
    expect(recorded["strict-transport-security"]).toBeUndefined();
  });

  it("are on every answer: a route's, a 404 and an error", async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, OPTIONS);
    app.get("/ok", async () => ({ ok: true }));
    app.get("/boom", async () => {
      throw new Error("boom");
    });
    const expected = await helmetHeaders(OPTIONS);
    for (const url of ["/ok", "/missing", "/boom"]) {
      const res = await app.inject({ method: "GET", url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url}: ${name}`).toBe(value);
    }
    await app.close();
  });
});
