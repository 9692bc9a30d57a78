import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message the catcher received over SMTP, decoded. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Parses a single-part text message as nodemailer writes it: headers, blank line, encoded body. */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  let subject = header("Subject");
  // RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=).
  subject = subject.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, value: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(value, "base64").toString("utf8") : decodeQuotedPrintable(value.replace(/_/g, " ")),
  );
  return { subject, text: text.replace(/\r\n/g, "\n") };
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
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString("utf8"));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
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
