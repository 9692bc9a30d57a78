import type { FastifyPluginAsync } from "fastify";

/** One delivered message as the mailbox shows it. */
export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message's QR code encodes, and the picture of it (a data URL), when it has one. */
  qr?: string | null;
  qr_image?: string | null;
  sent_at: string;
}

export interface MailboxOptions {
  /** Messages delivered to the sandbox, newest first. */
  list: (limit: number) => Promise<MailboxMessage[]>;
  /** Route config the host app wants on every route (its access declaration). */
  routeConfig: Record<string, unknown>;
}

const LIMIT = 200;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** Links in the text become clickable so a reset link can be followed from the page. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderPage(messages: MailboxMessage[]): string {
  const items = messages
    .map(
      (mail) => `<article>
  <header><h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.sent_at)}">${escapeHtml(mail.sent_at)}</time></p></header>
  <pre>${linkify(escapeHtml(mail.text))}</pre>${
    mail.qr && mail.qr_image?.startsWith("data:image/")
      ? `\n  <p><img src="${escapeHtml(mail.qr_image)}" alt="QR code of ${escapeHtml(mail.qr)}" width="180" height="180"></p>`
      : ""
  }
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mailbox · Hospipay</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:48rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem}article{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 2px #0002}
h2{font-size:1.05rem;margin:0}.meta{color:#475569;font-size:.875rem;margin:.25rem 0 .5rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#0f766e}
</style></head>
<body><main><h1>Sandbox mailbox</h1>
<p>E-mails the app sent while no SMTP server is configured, newest first. Text messages are on the <a href="/sandbox/phone">sandbox phone</a>. JSON: <a href="/sandbox/mailbox.json">/sandbox/mailbox.json</a></p>
${items || "<p>No e-mails yet.</p>"}
</main></body></html>`;
}

/** The sandbox mailbox: GET /sandbox/mailbox (page) and /sandbox/mailbox.json. */
export const mailboxRoutes: FastifyPluginAsync<MailboxOptions> = async (app, opts) => {
  app.get("/sandbox/mailbox.json", { config: opts.routeConfig }, async () => opts.list(LIMIT));
  app.get("/sandbox/mailbox", { config: opts.routeConfig }, async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(renderPage(await opts.list(LIMIT))),
  );
};
