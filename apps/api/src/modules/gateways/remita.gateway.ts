import { koboToDecimal, nairaToKobo } from "@hospipay/contract";
import { z } from "zod";
import { httpRequest, UpstreamError } from "../../lib/http";
import type { GatewayVerdict, PaymentGateway, PaymentToStart, StartedPayment, WebhookMention } from "./gateway";
import { sha512Hex } from "./signatures";

export interface RemitaConfig {
  /** Host: the API lives under /remita/exapp/…, the inline script under /payment/v1/…. */
  baseUrl: string;
  merchantId: string;
  serviceTypeId: string;
  apiKey: string;
  timeoutMs: number;
}

const SERVICE_PATH = "/remita/exapp/api/v1/send/api/echannelsvc";

const initAnswerSchema = z.object({ statuscode: z.string(), RRR: z.string().optional(), status: z.string().optional() });
const statusAnswerSchema = z.object({
  status: z.string(),
  amount: z.union([z.number(), z.string()]).optional(),
  RRR: z.string().optional(),
  orderId: z.string().optional(),
  message: z.string().optional(),
});
const notificationItemSchema = z
  .object({ rrr: z.string().optional(), orderRef: z.string().optional(), orderId: z.string().optional() })
  .loose();
/** A JSON array of items as documented; one item alone (a form's fields) is read the same way. */
const notificationSchema = z.union([z.array(notificationItemSchema), notificationItemSchema.transform((item) => [item])]);

/**
 * The amount as Remita's official samples send it: whole naira without decimals ("1500"), an amount
 * with kobo with its two places ("1500.50"). The same text goes into the hash and the body.
 */
export function remitaAmount(kobo: number): string {
  return kobo % 100 === 0 ? String(kobo / 100) : koboToDecimal(kobo);
}

/** Remita answers paymentinit as JSONP: `jsonp ({…})`. */
export function parseJsonp(text: string): unknown {
  const start = text.indexOf("(");
  const end = text.lastIndexOf(")");
  if (start === -1 || end <= start) throw new UpstreamError("Remita answered something that is not JSONP");
  return JSON.parse(text.slice(start + 1, end));
}

/** Remita: RRR generation, status by RRR, unsigned notifications (always re-queried). */
export class RemitaGateway implements PaymentGateway {
  readonly key = "remita" as const;
  readonly signs = false;

  constructor(private readonly config: RemitaConfig) {}

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    const { merchantId, serviceTypeId, apiKey } = this.config;
    // The amount string must be the same in the hash and in the body.
    const amount = remitaAmount(payment.totalKobo);
    const apiHash = sha512Hex(`${merchantId}${serviceTypeId}${payment.reference}${amount}${apiKey}`);
    const answer = await httpRequest(`${this.config.baseUrl}${SERVICE_PATH}/merchant/api/paymentinit`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `remitaConsumerKey=${merchantId},remitaConsumerToken=${apiHash}`,
      },
      body: JSON.stringify({
        serviceTypeId,
        amount,
        orderId: payment.reference,
        payerName: payment.customerName,
        payerEmail: payment.customerEmail,
        payerPhone: payment.customerPhone,
        description: payment.description,
      }),
      timeoutMs: this.config.timeoutMs,
    });
    if (answer.status !== 200) throw new UpstreamError(`Remita paymentinit answered ${answer.status}`, answer.status);
    const parsed = initAnswerSchema.safeParse(parseJsonp(answer.text));
    if (!parsed.success || parsed.data.statuscode !== "025" || !parsed.data.RRR) {
      throw new UpstreamError(`Remita refused to generate an RRR (${parsed.success ? parsed.data.statuscode : "bad answer"})`);
    }
    return { gatewayReference: parsed.data.RRR.replace(/-/g, "") };
  }

  async check(payment: { reference: string; gatewayReference: string }): Promise<GatewayVerdict> {
    const { merchantId, apiKey } = this.config;
    const rrr = payment.gatewayReference;
    const hash = sha512Hex(`${rrr}${apiKey}${merchantId}`);
    const answer = await httpRequest(`${this.config.baseUrl}${SERVICE_PATH}/${merchantId}/${rrr}/${hash}/status.reg`, {
      headers: { accept: "application/json", authorization: `remitaConsumerKey=${merchantId},remitaConsumerToken=${hash}` },
      timeoutMs: this.config.timeoutMs,
    });
    if (answer.status !== 200) throw new UpstreamError(`Remita status answered ${answer.status}`, answer.status);
    const parsed = statusAnswerSchema.safeParse(answer.json);
    if (!parsed.success) throw new UpstreamError("Remita status answered an unexpected body");
    const { status, amount, orderId } = parsed.data;
    if (orderId && orderId !== payment.reference) throw new UpstreamError("Remita status names another order");
    if (status === "00" || status === "01") {
      const amountPaidKobo = amount === undefined ? undefined : (nairaToKobo(amount) ?? undefined);
      return { state: "paid", amountPaidKobo, currency: "NGN", gatewayStatus: status };
    }
    if (status === "02") return { state: "failed", gatewayStatus: status };
    // 021 pending, 025 generated but unpaid, 012 aborted by the payer (the RRR can still be paid).
    if (status === "012") return { state: "pending", abandoned: true, gatewayStatus: status };
    if (status === "021" || status === "025") return { state: "pending", gatewayStatus: status };
    throw new UpstreamError(`Remita status ${status}: ${parsed.data.message ?? "refused"}`);
  }

  authenticateWebhook(): boolean {
    // Remita's notifications are not signed: they only tell us whom to re-query.
    return true;
  }

  mentions(body: unknown): WebhookMention[] {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) return [];
    return parsed.data.flatMap((item) => {
      const reference = item.orderId ?? item.orderRef;
      return item.rrr || reference ? [{ gatewayReference: item.rrr?.replace(/-/g, ""), reference }] : [];
    });
  }
}
