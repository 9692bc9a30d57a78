import { createHash } from "node:crypto";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { buildSandboxServer, SANDBOX_CREDENTIALS, sandboxPlugin } from "./index";
import { listen, waitUntil } from "./test/browser";

describe("sandboxPlugin", () => {
  it("puts the host's route config on every route, all under /sandbox/", async () => {
    const host = Fastify();
    const routes: Array<{ url: string; config: unknown }> = [];
    // Like the API's access plugin: a sandbox route without the declaration would fail start-up.
    host.addHook("onRoute", (route) => {
      if ((route.config as { access?: string } | undefined)?.access !== "public")
        throw new Error(`${route.url} declares no access`);
      routes.push({ url: route.url, config: route.config });
    });
    await host.register(sandboxPlugin, {
      mailbox: { list: async () => [] },
      routeConfig: { access: "public" },
      apiBaseUrl: () => "http://127.0.0.1:9",
    });
    await host.ready();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.every((route) => route.url.startsWith("/sandbox/"))).toBe(true);
    for (const prefix of [
      "/sandbox/mailbox",
      "/sandbox/provider/",
      "/sandbox/remita/",
      "/sandbox/monnify/",
      "/sandbox/paystack/",
    ]) {
      expect(
        routes.some((route) => route.url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    await host.close();
  });

  it("works inside a host that replaced the JSON parser and its error handler", async () => {
    const host = Fastify();
    host.removeContentTypeParser("text/plain");
    host.removeContentTypeParser("application/json");
    host.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        done(error as Error);
      }
    });
    host.setErrorHandler((_error, _request, reply) => reply.code(418).send({ detail: "host" }));
    await host.register(sandboxPlugin, {
      mailbox: { list: async () => [] },
      routeConfig: {},
      apiBaseUrl: () => "http://127.0.0.1:9",
    });
    const init = await host.inject({
      method: "POST",
      url: "/sandbox/paystack/transaction/initialize",
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.paystack.secretKey}` },
      payload: { email: "a@example.ng", amount: 10000 },
    });
    expect(init.statusCode).toBe(200);
    const malformed = await host.inject({
      method: "POST",
      url: "/sandbox/paystack/transaction/initialize",
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.paystack.secretKey}`, "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: false, message: "Invalid request" });
    await host.close();
  });

  it("sends webhooks to the server it is mounted on when no apiBaseUrl is given", async () => {
    const host = Fastify();
    const received: unknown[] = [];
    host.post("/api/express/webhooks/remita/", async (request) => {
      received.push(request.body);
      return "OK";
    });
    await host.register(sandboxPlugin, { mailbox: { list: async () => [] }, routeConfig: {}, notifyDelayMs: 0 });
    await listen(host);
    const C = SANDBOX_CREDENTIALS.remita;
    const body = {
      serviceTypeId: C.serviceTypeId,
      amount: "5000",
      orderId: "ORD-SELF-1",
      payerName: "A B",
      payerEmail: "a@example.ng",
      payerPhone: "08030000000",
      description: "x",
    };
    const hash = createHash("sha512").update(`${C.merchantId}${C.serviceTypeId}ORD-SELF-15000${C.apiKey}`).digest("hex");
    const init = await host.inject({
      method: "POST",
      url: "/sandbox/remita/remita/exapp/api/v1/send/api/echannelsvc/merchant/api/paymentinit",
      headers: { authorization: `remitaConsumerKey=${C.merchantId},remitaConsumerToken=${hash}` },
      payload: body,
    });
    const rrr = (JSON.parse(init.body.slice(7, -1)) as { RRR: string }).RRR;
    await host.inject({ method: "POST", url: "/sandbox/remita/_control/pay", payload: { rrr, outcome: "approve" } });
    await waitUntil(() => received.length === 1);
    expect(received[0]).toEqual([expect.objectContaining({ rrr, amount: 5000 })]);
    await host.close();
  });
});

describe("buildSandboxServer", () => {
  it("serves the whole sandbox on its own port", async () => {
    const sandbox = buildSandboxServer({ apiBaseUrl: () => "http://127.0.0.1:9" });
    const origin = await listen(sandbox);
    const res = await fetch(`${origin}/sandbox/provider/api/get/203/${SANDBOX_CREDENTIALS.catalogueToken}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    expect((await fetch(`${origin}/sandbox/mailbox.json`)).status).toBe(200);
    await sandbox.close();
  });

  it("checks the credentials it is given instead of the defaults", async () => {
    const credentials = {
      ...SANDBOX_CREDENTIALS,
      catalogueToken: "other-token",
      paystack: { secretKey: "sk_test_other", publicKey: "pk_test_other" },
    };
    const sandbox = buildSandboxServer({ apiBaseUrl: () => "http://127.0.0.1:9", credentials });
    expect((await sandbox.inject(`/sandbox/provider/api/get/203/${SANDBOX_CREDENTIALS.catalogueToken}`)).statusCode).toBe(401);
    expect((await sandbox.inject("/sandbox/provider/api/get/203/other-token")).statusCode).toBe(200);
    const verify = (key: string) =>
      sandbox.inject({ url: "/sandbox/paystack/transaction/verify/x", headers: { authorization: `Bearer ${key}` } });
    expect((await verify(SANDBOX_CREDENTIALS.paystack.secretKey)).statusCode).toBe(401);
    expect((await verify("sk_test_other")).statusCode).toBe(400);
    await sandbox.close();
  });
});
