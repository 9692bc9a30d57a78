import nodemailer from "nodemailer";
import { richParts } from "./mail-qr";
import type { OutgoingMail } from "./mail.repository";

/** Delivers one message somewhere; throws when it could not. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP: plain text, with an HTML part showing the QR code when the message has one. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(await richParts(mail)) });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP configured: the message stays in the outbox, marked for the sandbox mailbox page. */
export function sandboxTransport(): MailTransport {
  return { name: "sandbox", send: async () => undefined, close: () => undefined };
}
