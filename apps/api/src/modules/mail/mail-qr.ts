import QRCode from "qrcode";
import { DEFAULT_LOCALE } from "@hospipay/contract";
import { mailText } from "./i18n";
import type { OutgoingMail } from "./mail.repository";

/** The Content-ID of a message's QR picture, which its HTML part shows inline. */
export const QR_CONTENT_ID = "qr@hospipay";

/** The QR code of `text` as a PNG: black on white, a quiet zone of two modules, 6 px a module. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}

/** The QR code of `text` as an SVG data URL (the sandbox mailbox page shows it). */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/**
 * A message with a QR code, as SMTP sends it: the plain text as it is, and an HTML part holding the same
 * text (links clickable) with the QR picture after it, attached inline by its Content-ID. A message
 * without one is plain text only. The HTML part is in the message's language (its `lang` and the picture's text).
 */
export async function richParts(mail: OutgoingMail): Promise<{
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string; cid: string }>;
}> {
  if (!mail.qr) return {};
  const locale = mail.locale ?? DEFAULT_LOCALE;
  const body = escapeHtml(mail.text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const html = [
    "<!doctype html>",
    `<html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<pre style="font-family:inherit;white-space:pre-wrap">${body}</pre>`,
    `<p><img src="cid:${QR_CONTENT_ID}" alt="${escapeHtml(mailText(locale, "html.qrAlt", { link: mail.qr }))}" width="180" height="180"></p>`,
    "</body></html>",
  ].join("\n");
  return {
    html,
    attachments: [{ filename: "qr-code.png", content: await qrPng(mail.qr), contentType: "image/png", cid: QR_CONTENT_ID }],
  };
}
