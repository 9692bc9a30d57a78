import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type AddressInfo } from "node:net";
import { API_PATHS } from "@hospipay/contract";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { buildUser, call, createTestApp, createTestDatabase, productionSettings, type TestApp } from "../../test/test-app";

// The QR decoder's WebAssembly from the installed package (its default location is a CDN).
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm")) },
});

/** One message as the SMTP server received it. */
interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string;
  /** The message as it arrived, for what the simple parse below does not read (multipart). */
  raw: string;
}

/** Decodes quoted-printable text into UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i += 1) {
    const hex = text[i] === "=" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A single-part text message, parsed enough to read its headers and text (a multipart one: `raw`, mailparser). */
function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
  if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { headers, text: body.replace(/\r\n/g, "\n").replace(/\n+$/, "") };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          raw,
          from: mailFrom ? mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken from the OS, then released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let n = 0;
const registration = (overrides: Record<string, string> = {}) => {
  n += 1;
  return {
    first_name: "Tolu",
    last_name: "Bello",
    email: `tolu.bello${n}@example.ng`,
    phone_number: "08031234567",
    password: "correct-horse",
    ...overrides,
  };
};

interface OutboxRow {
  status: string;
  transport: string | null;
  attempts: number;
  last_error: string | null;
  due_later: boolean;
}

async function outboxFor(t: TestApp, to: string): Promise<OutboxRow[]> {
  const { rows } = await t.db.query<OutboxRow>(
    `SELECT status, transport, attempts, last_error, next_attempt_at > now() AS due_later FROM mail_outbox WHERE to_address = $1 ORDER BY id`,
    [to],
  );
  return rows;
}

describe("delivery over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Hospipay <no-reply@hospipay.test>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("sends the verification code to the SMTP server; the code from that mail verifies the account", async () => {
    const body = registration();
    expect((await call(t, "POST", API_PATHS.register, body)).status).toBe(201);
    await t.mailWorker.flush();

    const mails = smtp.received.filter((mail) => mail.to.includes(body.email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toBe("no-reply@hospipay.test");
    expect(mail!.headers.from).toBe("Hospipay <no-reply@hospipay.test>");
    expect(mail!.headers.to).toBe(body.email);
    expect(mail!.headers.subject).toMatch(/^Your Hospipay verification code: \d{6}$/);
    // Mail to an address nobody has proven yet carries no name typed with it.
    expect(mail!.text).toMatch(/^Hello,\n/);
    const code = mail!.text.match(/verification code is (\d{6})\./)?.[1];
    expect(code).toBeDefined();
    expect(mail!.headers.subject).toContain(code);

    expect(await outboxFor(t, body.email)).toEqual([
      { status: "sent", transport: "smtp", attempts: 1, last_error: null, due_later: expect.any(Boolean) },
    ]);
    expect((await call(t, "POST", API_PATHS.verifyEmail, { email: body.email, code })).status).toBe(200);
  });

  it("sends the reset link intact, and keeps SMTP mail out of the sandbox mailbox", async () => {
    const body = registration();
    expect((await call(t, "POST", API_PATHS.register, body)).status).toBe(201);
    expect((await call(t, "POST", API_PATHS.forgotPassword, { email: body.email })).status).toBe(200);
    await t.mailWorker.flush();
    const reset = smtp.received.find((mail) => mail.to.includes(body.email) && /reset/i.test(mail.headers.subject ?? ""));
    const token = reset?.text.match(/^http:\/\/hospipay\.test\/reset-password\?token=(\S+)$/m)?.[1];
    expect(token).toBeDefined();
    const res = await call(t, "POST", API_PATHS.resetPassword, {
      token: decodeURIComponent(token!),
      new_password: "a-new-password",
    });
    expect(res.status).toBe(200);

    const sandbox = await call(t, "GET", "/sandbox/mailbox.json");
    expect(sandbox.status).toBe(200);
    expect(JSON.parse(sandbox.text)).toEqual([]);
  });

  it("sends a message with a QR code as text plus HTML showing the code inline, a PNG that reads back as its link", async () => {
    const to = "qr.reader@example.ng";
    const link = "http://hospipay.test/verify-receipt?code=7K3MQ9XD2HPAW4RT";
    const text = `Hello,\n\nReceipt code: 7K3M-Q9XD-2HPA-W4RT\nChecked at: ${link}`;
    await t.repositories.mail.enqueue({ to, subject: "A receipt with its QR code", text, qr: link });
    await t.mailWorker.flush();

    const raw = smtp.received.find((mail) => mail.to.includes(to))?.raw;
    expect(raw).toBeDefined();
    const parsed = await simpleParser(raw!, { keepCidLinks: true });
    expect(parsed.text?.trim()).toBe(text);
    expect(parsed.html).toContain('<img src="cid:qr@hospipay"');
    expect(parsed.html).toContain(`<a href="${link.replace("&", "&amp;")}">`);
    expect(parsed.attachments).toHaveLength(1);
    const [image] = parsed.attachments;
    expect(image).toMatchObject({ contentType: "image/png", cid: "qr@hospipay", contentDisposition: "inline" });

    // The picture itself, the PNG file read by a QR decoder, is the link.
    const codes = await readBarcodes(new Uint8Array(image!.content), { formats: ["QRCode"] });
    expect(codes.map((code) => ({ format: code.format, text: code.text }))).toEqual([{ format: "QRCode", text: link }]);
  });

  it("keeps a message without a QR code plain text, one part", async () => {
    const to = "plain.reader@example.ng";
    await t.repositories.mail.enqueue({ to, subject: "Plain", text: "Hello,\n\nNothing to scan." });
    await t.mailWorker.flush();
    const parsed = await simpleParser(smtp.received.find((mail) => mail.to.includes(to))!.raw);
    expect(parsed.html).toBe(false);
    expect(parsed.attachments).toEqual([]);
    expect(parsed.text?.trim()).toBe("Hello,\n\nNothing to scan.");
  });
});

describe("SMTP server down, then back after a restart", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("keeps the message pending with attempts and the error, then delivers it exactly once", async () => {
    const { db, drop } = await createTestDatabase();
    cleanups.push(drop);
    const port = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };

    const first = await createTestApp(env, { database: db });
    cleanups.push(() => first.close());
    const body = registration();
    expect((await call(first, "POST", API_PATHS.register, body)).status).toBe(201);
    // The commit kicked the worker; flush waits for that pass. The failure pushes the next try back.
    expect(await first.mailWorker.flush()).toBe(0);
    let [row] = await outboxFor(first, body.email);
    expect(row).toMatchObject({ status: "pending", transport: null, attempts: 1, due_later: true });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);

    // Not due yet: another pass leaves it alone.
    expect(await first.mailWorker.flush()).toBe(0);
    expect((await outboxFor(first, body.email))[0]!.attempts).toBe(1);

    // Once the back-off has passed, the next pass tries again and counts it.
    await db.query("UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1", [body.email]);
    expect(await first.mailWorker.flush()).toBe(0);
    [row] = await outboxFor(first, body.email);
    expect(row).toMatchObject({ status: "pending", attempts: 2, due_later: true });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);
    await first.close();
    cleanups.pop();

    // The SMTP server comes up; two new workers start over the same database.
    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    const second = await createTestApp(env, { database: db });
    cleanups.push(() => second.close());
    const third = await createTestApp(env, { database: db });
    cleanups.push(() => third.close());
    await db.query("UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1", [body.email]);
    const sent = await Promise.all([second.mailWorker.flush(), third.mailWorker.flush()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await second.mailWorker.flush()).toBe(0);

    const delivered = smtp.received.filter((mail) => mail.to.includes(body.email));
    expect(delivered).toHaveLength(1);
    expect(await outboxFor(second, body.email)).toEqual([
      { status: "sent", transport: "smtp", attempts: 3, last_error: null, due_later: expect.any(Boolean) },
    ]);

    // The code that finally arrived still works: it was made before the restart, under the same secret.
    const code = delivered[0]!.text.match(/verification code is (\d{6})\./)?.[1];
    expect((await call(second, "POST", API_PATHS.verifyEmail, { email: body.email, code })).status).toBe(200);
  });
});

describe("sandbox mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists delivered mail as JSON, newest first, with to, subject, text, the QR code's text and picture, and sent_at", async () => {
    const older = registration();
    const newer = registration();
    expect((await call(t, "POST", API_PATHS.register, older)).status).toBe(201);
    await t.mailWorker.flush();
    expect((await call(t, "POST", API_PATHS.register, newer)).status).toBe(201);
    await t.mailWorker.flush();

    const res = await t.app.inject({ method: "GET", url: "/sandbox/mailbox.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const list = res.json<Array<Record<string, string>>>();
    const mine = list.filter((mail) => mail.to === older.email || mail.to === newer.email);
    expect(mine.map((mail) => mail.to)).toEqual([newer.email, older.email]);
    for (const mail of list) {
      expect(Object.keys(mail).sort()).toEqual(["qr", "qr_image", "sent_at", "subject", "text", "to"]);
      expect(new Date(mail.sent_at!).toISOString()).toBe(mail.sent_at);
    }
    const times = list.map((mail) => Date.parse(mail.sent_at!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(mine[0]!.subject).toMatch(/verification code: \d{6}$/);
    expect(mine[0]!.text).toMatch(/^Hello,\n/);
  });

  it("shows an HTML page that escapes what the mail holds", async () => {
    const script = `<script>alert("owned")</script>`;
    const attribute = `http://x.test/"onmouseover="alert(1)`;
    // A signed-in owner's name is printed in the mail telling them their password changed.
    for (const firstName of [script, attribute]) {
      const user = await buildUser(t, { firstName });
      const changed = await call(
        t,
        "POST",
        API_PATHS.changePassword,
        { old_password: user.password, new_password: "a-new-password-1" },
        user.token,
      );
      expect(changed.status).toBe(200);
    }
    await t.mailWorker.flush();

    const res = await t.app.inject({ method: "GET", url: "/sandbox/mailbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("Hello &lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;,");
    expect(res.body).not.toContain(script);
    expect(res.body).not.toContain(`"onmouseover="`);
    expect(res.body).toContain("onmouseover=&quot;alert(1)");
  });

  it("shows a message's QR code as a picture, its text in the JSON", async () => {
    const link = "http://hospipay.test/pay/AbCdEfGhIjKlMnOpQrStUv";
    await t.repositories.mail.enqueue({ to: "qr.mailbox@example.ng", subject: "A bill", text: `Pay it: ${link}`, qr: link });
    await t.mailWorker.flush();
    const listed = (await t.app.inject({ method: "GET", url: "/sandbox/mailbox.json" }))
      .json<Array<Record<string, string | null>>>()
      .find((mail) => mail.to === "qr.mailbox@example.ng")!;
    expect(listed.qr).toBe(link);
    expect(listed.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(listed.qr_image!.split(",")[1]!, "base64").toString("utf8")).toMatch(/^<svg /);
    const page = await t.app.inject({ method: "GET", url: "/sandbox/mailbox" });
    expect(page.body).toContain(`<img src="${listed.qr_image}" alt="QR code of ${link}" width="180" height="180">`);
  });

  it("is not served when the sandbox is off", async () => {
    const off = await createTestApp(productionSettings());
    try {
      for (const url of ["/sandbox/mailbox", "/sandbox/mailbox.json"]) {
        const res = await call(off, "GET", url);
        expect(res.status).toBe(404);
        expect(res.json.detail).toBe("Not found.");
      }
    } finally {
      await off.close();
    }
  });
});
