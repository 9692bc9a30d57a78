import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import Fastify from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, productionSettings, type TestApp } from "../test/test-app";
import { gatewayBrowserSources } from "../modules/gateways";
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

/** The sources of each directive of a Content-Security-Policy header. */
function cspDirectives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the production policy", () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it("a production start with the real gateway hosts allows each provider's documented hosts and nothing else", async () => {
    t = await createTestApp(
      productionSettings({
        REMITA_BASE_URL: "https://login.remita.net",
        MONNIFY_BASE_URL: "https://api.monnify.com",
        PAYSTACK_BASE_URL: "https://api.paystack.co",
        PAYSTACK_SCRIPT_URL: "https://js.paystack.co/v2/inline.js",
      }),
    );
    for (const url of ["/", "/express/methods/"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = cspDirectives(res.headers["content-security-policy"] as string | undefined);
      // Remita's inline widget loads, frames and calls its own host; Paystack's inline v2 script comes from
      // js.paystack.co, opens its popup as an iframe on checkout.paystack.com and calls api.paystack.co.
      // Monnify is reached by the server only (the payer sees an account number): nothing of it in the page.
      // 'wasm-unsafe-eval' lets the receipt scanner compile its QR decoder (WebAssembly only, never JavaScript eval).
      expect(csp["script-src"], url).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        "https://login.remita.net",
        "https://js.paystack.co",
      ]);
      expect(csp["frame-src"], url).toEqual(["'self'", "https://login.remita.net", "https://checkout.paystack.com"]);
      expect(csp["connect-src"], url).toEqual(["'self'", "https://login.remita.net", "https://api.paystack.co"]);
      expect(csp["default-src"], url).toEqual(["'self'"]);
      expect(csp["frame-ancestors"], url).toEqual(["'none'"]);
    }
  }, 90_000);

  it("derives the demo hosts, a simulator served from another origin, and nothing for same-origin simulators", () => {
    expect(
      gatewayBrowserSources([
        "https://remitademo.net/payment/v1/remita-pay-inline.bundle.js",
        "https://js.paystack.co/v2/inline.js",
      ]),
    ).toEqual({
      scriptSrc: ["https://remitademo.net", "https://js.paystack.co"],
      frameSrc: ["https://remitademo.net", "https://checkout.paystack.com"],
      connectSrc: ["https://remitademo.net", "https://api.paystack.co"],
    });
    expect(
      gatewayBrowserSources([
        "http://gateways.test:8080/sandbox/remita/payment/v1/remita-pay-inline.bundle.js",
        "http://gateways.test:8080/sandbox/paystack/v2/inline.js",
      ]),
    ).toEqual({
      scriptSrc: ["http://gateways.test:8080"],
      frameSrc: ["http://gateways.test:8080"],
      connectSrc: ["http://gateways.test:8080"],
    });
    expect(
      gatewayBrowserSources(["/sandbox/remita/payment/v1/remita-pay-inline.bundle.js", "/sandbox/paystack/v2/inline.js"]),
    ).toEqual({ scriptSrc: [], frameSrc: [], connectSrc: [] });
  });
});
