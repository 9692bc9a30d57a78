import type { FastifyPluginAsync } from "fastify";
import type { SandboxSms, SmsStore } from "./sms.store";

export interface PhoneOptions {
  store: SmsStore;
  routeConfig: Record<string, unknown>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** Links in a message become tappable, so a receipt's or a bill's link can be followed from the page. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The messages grouped by number: the number with the newest message first, each one's messages newest first. */
function byNumber(messages: SandboxSms[]): Array<[string, SandboxSms[]]> {
  const groups = new Map<string, SandboxSms[]>();
  for (const message of messages) {
    const group = groups.get(message.to);
    if (group) group.push(message);
    else groups.set(message.to, [message]);
  }
  return [...groups];
}

function renderPage(messages: SandboxSms[]): string {
  const sections = byNumber(messages)
    .map(([number, texts], index) => {
      const headingId = `number-${index}`;
      const items = texts
        .map(
          (sms) => `<li><article>
  <p class="meta">From <strong>${escapeHtml(sms.from)}</strong> · <time datetime="${escapeHtml(sms.received_at)}">${escapeHtml(sms.received_at)}</time></p>
  <p class="text">${linkify(escapeHtml(sms.sms))}</p>
</article></li>`,
        )
        .join("\n");
      return `<section aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(number)} <span class="count">(${texts.length} ${texts.length === 1 ? "message" : "messages"})</span></h2>
<ol>
${items}
</ol>
</section>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox phone · Hospipay</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a;font-size:1rem}
main{max-width:32rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}.count{color:#475569;font-weight:normal;font-size:.9rem}
ol{list-style:none;margin:0;padding:0}
article{background:#fff;border-radius:1rem 1rem 1rem .25rem;padding:.75rem 1rem;margin:0 0 .75rem;box-shadow:0 1px 2px #0002}
.meta{color:#475569;font-size:.875rem;margin:0 0 .25rem}.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
a{color:#0f766e;display:inline-block;min-height:1.5rem}
</style></head>
<body><main><h1>Sandbox phone</h1>
<p>Text messages (SMS) the app sent through the simulated provider, by number, newest first.
E-mails are in the <a href="/sandbox/mailbox">sandbox mailbox</a>. JSON: <a href="/sandbox/phone.json">/sandbox/phone.json</a></p>
${sections || "<p>No text messages yet.</p>"}
</main></body></html>`;
}

/**
 * The sandbox phone: GET /sandbox/phone (every number's messages, as a page) and /sandbox/phone.json
 * (newest first; `?to=+234…` for one number's).
 */
export const phoneRoutes: FastifyPluginAsync<PhoneOptions> = async (app, { store, routeConfig }) => {
  app.get<{ Querystring: { to?: unknown } }>("/sandbox/phone.json", { config: routeConfig }, async (request) =>
    store.list(typeof request.query.to === "string" && request.query.to !== "" ? request.query.to : undefined),
  );
  app.get("/sandbox/phone", { config: routeConfig }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(renderPage(store.list())),
  );
};
