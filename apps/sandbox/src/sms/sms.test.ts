import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { SANDBOX_CREDENTIALS } from "../credentials";
import { buildSandboxServer } from "../index";
import { phoneRoutes } from "./phone.routes";
import { SmsStore } from "./sms.store";
import { smsPages, termiiRoutes } from "./termii.routes";

const KEY = SANDBOX_CREDENTIALS.termii.apiKey;
const send = (body: Record<string, unknown>) => ({
  method: "POST" as const,
  url: "/sandbox/termii/api/sms/send",
  payload: { api_key: KEY, to: "2348031234567", from: "Hospipay", sms: "Hello", type: "plain", channel: "dnd", ...body },
});

async function sandbox() {
  const app = buildSandboxServer({ apiBaseUrl: () => "http://127.0.0.1:9" });
  await app.ready();
  return app;
}

describe("sandbox SMS provider (Termii's API)", () => {
  it("accepts a message with the key and answers like Termii", async () => {
    const app = await sandbox();
    const res = await app.inject(send({ sms: "Your code is 123456" }));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message_id: string; message: string; balance: number; user: string }>();
    expect(body).toEqual({
      message_id: expect.stringMatching(/^\d+$/),
      message: "Successfully Sent",
      balance: 9_999,
      user: expect.any(String),
    });
    const listed = (await app.inject("/sandbox/phone.json")).json<Array<Record<string, string>>>();
    expect(listed).toEqual([
      expect.objectContaining({
        message_id: body.message_id,
        to: "+2348031234567",
        from: "Hospipay",
        sms: "Your code is 123456",
        channel: "dnd",
      }),
    ]);
    await app.close();
  });

  it("refuses a one-time code on the promotional generic route, and takes other texts there", async () => {
    const app = await sandbox();
    for (const sms of [
      "Your Hospipay verification code is 482913. It expires in 10 minutes.",
      "Code: 4829",
      "12345678 is your code",
    ]) {
      const refused = await app.inject(send({ channel: "generic", sms }));
      expect(refused.statusCode, sms).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/dnd/);
    }
    expect((await app.inject("/sandbox/phone.json")).json()).toEqual([]);
    const receipt =
      "Hospipay: your payment of NGN 1,500.00 is received. Ref HSP-0A1B2C3D4E5F60718293. Receipt: http://x/r/7K3MQ9XD2HPAW4RT";
    expect((await app.inject(send({ channel: "generic", sms: receipt }))).statusCode).toBe(200);
    expect((await app.inject(send({ channel: "dnd", sms: "Your code is 482913" }))).statusCode).toBe(200);
    expect((await app.inject("/sandbox/phone.json")).json<Array<{ channel: string }>>().map((m) => m.channel)).toEqual([
      "dnd",
      "generic",
    ]);
    await app.close();
  });

  it("refuses a wrong key and malformed fields without storing anything", async () => {
    const app = await sandbox();
    expect((await app.inject(send({ api_key: "wrong" }))).statusCode).toBe(401);
    for (const bad of [
      { to: "08031234567x" },
      { from: "A" },
      { sms: "" },
      { type: "unicode" },
      { channel: "pigeon" },
      { to: 2348031234567 },
    ])
      expect((await app.inject(send(bad))).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await app.inject("/sandbox/phone.json")).json()).toEqual([]);
    await app.close();
  });

  it("answers 500 in error mode, and normally again in ok mode", async () => {
    const app = await sandbox();
    const mode = (value: string) =>
      app.inject({ method: "POST", url: "/sandbox/termii/_control/mode", payload: { mode: value } });
    expect((await mode("error")).json()).toEqual({ mode: "error" });
    expect((await app.inject(send({}))).statusCode).toBe(500);
    await mode("ok");
    expect((await app.inject(send({}))).statusCode).toBe(200);
    await app.close();
  });

  it("counts pages as GSM-7 or UCS-2 text", () => {
    expect(smsPages("a".repeat(160))).toBe(1);
    expect(smsPages("a".repeat(161))).toBe(2);
    expect(smsPages("Ẹ ṣé")).toBe(1);
    expect(smsPages("ẹ".repeat(71))).toBe(2);
  });
});

describe("sandbox phone page", () => {
  async function withMessages() {
    const store = new SmsStore();
    const app = Fastify();
    await app.register(termiiRoutes, {
      prefix: "/sandbox/termii",
      store,
      credentials: { apiKey: KEY },
      routeConfig: { marker: 1 },
    });
    await app.register(phoneRoutes, { store, routeConfig: { marker: 1 } });
    for (const [to, sms] of [
      ["2348030000001", "First to one"],
      ["2348030000002", "Only to two <b>x</b>"],
      ["2348030000001", "Second to one http://hospipay.test/r/ABCD?x=1&y=2"],
    ])
      await app.inject(send({ to, sms }));
    return app;
  }

  it("lists the messages by number, newest first, escaped, with links and a link to the mailbox", async () => {
    const app = await withMessages();
    const res = await app.inject("/sandbox/phone");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('href="/sandbox/mailbox"');
    expect(html).toContain("Only to two &lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain('<a href="http://hospipay.test/r/ABCD?x=1&amp;y=2">');
    // +…001 has the newest message: its section comes first, its newer message before its older one.
    expect(html.indexOf("+2348030000001")).toBeLessThan(html.indexOf("+2348030000002"));
    expect(html.indexOf("Second to one")).toBeLessThan(html.indexOf("First to one"));
    expect(html).toContain("(2 messages)");
  });

  it("filters the JSON by number", async () => {
    const app = await withMessages();
    const res = await app.inject({ url: "/sandbox/phone.json", query: { to: "+2348030000001" } });
    expect(res.json<Array<{ sms: string }>>().map((m) => m.sms)).toEqual([
      "Second to one http://hospipay.test/r/ABCD?x=1&y=2",
      "First to one",
    ]);
  });

  it("is linked from the mailbox page", async () => {
    const app = await sandbox();
    expect((await app.inject("/sandbox/mailbox")).body).toContain('href="/sandbox/phone"');
    await app.close();
  });
});
