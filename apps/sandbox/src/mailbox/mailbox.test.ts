import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { mailboxRoutes, type MailboxMessage } from "./mailbox.routes";

const messages: MailboxMessage[] = [
  {
    to: "b@example.ng",
    subject: "Second <b>bold</b>",
    text: "Open http://localhost/reset-password?token=abc&x=1 now",
    sent_at: "2026-11-21T10:01:00.000Z",
  },
  { to: "a@example.ng", subject: "First", text: "Code 123456", sent_at: "2026-11-21T10:00:00.000Z" },
];

async function app() {
  const server = Fastify();
  await server.register(mailboxRoutes, { list: async (limit) => messages.slice(0, limit), routeConfig: { marker: "yes" } });
  return server;
}

describe("sandbox mailbox", () => {
  it("serves the delivered mail as JSON in the order given (newest first)", async () => {
    const res = await (await app()).inject("/sandbox/mailbox.json");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messages);
  });

  it("renders an HTML page that escapes content and links URLs", async () => {
    const res = await (await app()).inject("/sandbox/mailbox");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("Second &lt;b&gt;bold&lt;/b&gt;");
    expect(res.body).not.toContain("<b>bold</b>");
    expect(res.body).toContain('<a href="http://localhost/reset-password?token=abc&amp;x=1">');
    expect(res.body.indexOf("Second")).toBeLessThan(res.body.indexOf("First"));
  });

  it("puts the host's route config on its routes", async () => {
    const server = Fastify();
    const seen: unknown[] = [];
    server.addHook("onRoute", (route) => void seen.push(route.config));
    await server.register(mailboxRoutes, { list: async () => [], routeConfig: { access: "public" } });
    await server.ready();
    expect(seen.filter((config) => (config as { access?: string })?.access === "public").length).toBeGreaterThanOrEqual(2);
  });
});
