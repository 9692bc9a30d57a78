import { sha512Hex } from "../lib/crypto";

/** Path of Remita's e-channel API under the gateway host. */
export const REMITA_API_PATH = "/remita/exapp/api/v1/send/api/echannelsvc";

/** Remita status codes, as Remita's own API answers them (apps/sandbox/README.md lists them). */
export const REMITA_CODES = {
  paid: "00",
  paidAlternative: "01",
  failed: "02",
  aborted: "012",
  invalidHash: "013",
  invalidAuthentication: "020",
  pending: "021",
  invalidRequest: "022",
  unknownMerchant: "023",
  generated: "025",
} as const;

/** What a payer's attempt left an RRR at. */
export type RemitaPaymentStatus =
  typeof REMITA_CODES.generated | typeof REMITA_CODES.paid | typeof REMITA_CODES.failed | typeof REMITA_CODES.aborted;

export const REMITA_STATUS_MESSAGES: Record<RemitaPaymentStatus, string> = {
  "025": "Payment Reference generated",
  "00": "Approved",
  "02": "Transaction Failed",
  "012": "User Aborted Transaction",
};

/** apiHash of paymentinit: SHA-512 of merchantId + serviceTypeId + orderId + amount + apiKey. */
export function remitaInitHash(parts: {
  merchantId: string;
  serviceTypeId: string;
  orderId: string;
  amount: string;
  apiKey: string;
}): string {
  return sha512Hex(`${parts.merchantId}${parts.serviceTypeId}${parts.orderId}${parts.amount}${parts.apiKey}`);
}

/** Hash of a status query: SHA-512 of (rrr or orderId) + apiKey + merchantId. */
export function remitaStatusHash(id: string, apiKey: string, merchantId: string): string {
  return sha512Hex(`${id}${apiKey}${merchantId}`);
}

/** Remita wraps paymentinit answers as JSONP: `jsonp ({…})`. */
export function jsonp(body: unknown): string {
  return `jsonp (${JSON.stringify(body)})`;
}

/** Reads `remitaConsumerKey=<merchantId>,remitaConsumerToken=<hash>`; null when malformed. */
export function parseRemitaAuthorization(header: string | undefined): { merchantId: string; token: string } | null {
  if (!header) return null;
  const fields = new Map<string, string>();
  for (const part of header.split(",")) {
    const index = part.indexOf("=");
    if (index > 0) fields.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const merchantId = fields.get("remitaConsumerKey");
  const token = fields.get("remitaConsumerToken");
  return merchantId && token ? { merchantId, token } : null;
}

/** Kobo as the number Remita prints in JSON: 500050 → 5000.5. */
export const koboToRemitaAmount = (kobo: number): number => kobo / 100;
