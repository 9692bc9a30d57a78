import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message the catcher received over SMTP, decoded. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** Pictures shown inline in the HTML part (a receipt's or a bill's QR code). */
  images: Array<{ contentType: string; cid: string }>;
  receivedAt: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** One MIME entity: its headers (names in lower case, folded lines joined) and its raw body. */
function splitEntity(raw: string): { header: (name: string) => string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  return { header, body };
}

function decodeBody(body: string, encoding: string): string {
  const kind = encoding.toLowerCase();
  if (kind === "quoted-printable") return decodeQuotedPrintable(body);
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/**
 * The plain text of a message as nodemailer writes it, single-part or multipart (text plus an HTML part
 * with an inline QR picture), and the pictures it carries inline.
 */
function readEntity(raw: string): { text: string | null; images: Array<{ contentType: string; cid: string }> } {
  const { header, body } = splitEntity(raw);
  const type = header("Content-Type");
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const read = parts.map((part) => readEntity(part.replace(/^\r?\n/, "")));
    return { text: read.find((part) => part.text !== null)?.text ?? null, images: read.flatMap((part) => part.images) };
  }
  if (/^image\//i.test(type))
    return { text: null, images: [{ contentType: type.split(";")[0]!.trim(), cid: header("Content-ID").replace(/^<|>$/g, "") }] };
  if (type === "" || /^text\/plain/i.test(type))
    return { text: decodeBody(body, header("Content-Transfer-Encoding")), images: [] };
  return { text: null, images: [] };
}

/** Parses a message as nodemailer writes it: the subject, the plain text, and the inline pictures. */
export function parseMessage(raw: string): {
  subject: string;
  text: string;
  images: Array<{ contentType: string; cid: string }>;
} {
  const { header } = splitEntity(raw);
  const { text, images } = readEntity(raw);
  let subject = header("Subject");
  // RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=).
  subject = subject.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, value: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(value, "base64").toString("utf8") : decodeQuotedPrintable(value.replace(/_/g, " ")),
  );
  return { subject, text: (text ?? "").replace(/\r\n/g, "\n"), images };
}

/**
 * A real SMTP server that keeps what it receives, plus a small HTTP endpoint (GET /mails) so test
 * workers in other processes can read the mail.
 */
export async function startMailCatcher(): Promise<{ smtpPort: number; httpUrl: string; close: () => Promise<void> }> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { subject, text, images } = parseMessage(Buffer.concat(chunks).toString("utf8"));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          images,
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const web = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
  const httpUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/mails`;
  return {
    smtpPort,
    httpUrl,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}

/** Waits until a mail to `to` whose subject matches arrives, and returns it. */
export async function waitForMail(httpUrl: string, to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(httpUrl)).json()) as CaughtMail[];
    const found = mails.reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
