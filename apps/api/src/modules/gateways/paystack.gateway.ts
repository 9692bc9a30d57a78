import { z } from "zod";
import { httpRequest, UpstreamError } from "../../lib/http";
import { watDay } from "@hospipay/contract";
import type {
  GatewaySettlement,
  GatewaySettlementLine,
  GatewayVerdict,
  PaymentGateway,
  PaymentToStart,
  StartedPayment,
  WebhookMention,
} from "./gateway";
import { hmacSha512HeaderMatches } from "./signatures";

export interface PaystackConfig {
  baseUrl: string;
  secretKey: string;
  callbackUrl: (reference: string) => string;
  timeoutMs: number;
}

const initSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }).optional(),
});
const verifySchema = z.object({
  status: z.boolean(),
  data: z
    .object({ status: z.string(), amount: z.number().int(), currency: z.string(), reference: z.string() })
    .loose()
    .optional(),
});
const webhookSchema = z.object({ event: z.string(), data: z.object({ reference: z.string() }).loose() });
const pageMeta = z.object({ pageCount: z.number().int() }).loose();
const settlementsSchema = z.object({
  status: z.boolean(),
  data: z.array(
    z
      .object({
        id: z.union([z.number().int(), z.string()]),
        total_processed: z.number().int(),
        total_fees: z.number().int(),
        total_amount: z.number().int(),
        settlement_date: z.string(),
      })
      .loose(),
  ),
  meta: pageMeta,
});
const settlementTransactionsSchema = z.object({
  status: z.boolean(),
  data: z.array(z.object({ reference: z.string(), amount: z.number().int(), fees: z.number().int().nullish() }).loose()),
  meta: pageMeta,
});

/** Pages read of a Paystack list at most: 100 a page, far beyond a hospital's settlements of a month. */
const MAX_PAGES = 200;

/** Paystack: initialize, inline popup, verify, signed webhook. Amounts are kobo in its protocol. */
export class PaystackGateway implements PaymentGateway {
  readonly key = "paystack" as const;
  readonly signs = true;

  constructor(private readonly config: PaystackConfig) {}

  private headers() {
    return { authorization: `Bearer ${this.config.secretKey}`, "content-type": "application/json", accept: "application/json" };
  }

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    const answer = await httpRequest(`${this.config.baseUrl}/transaction/initialize`, {
      method: "POST",
      headers: this.headers(),
      body: JSON.stringify({
        email: payment.customerEmail,
        amount: payment.totalKobo,
        reference: payment.reference,
        currency: "NGN",
        callback_url: this.config.callbackUrl(payment.reference),
        metadata: { invoice_reference: payment.reference, customer_name: payment.customerName, description: payment.description },
        channels: ["card", "bank", "ussd", "bank_transfer"],
      }),
      timeoutMs: this.config.timeoutMs,
    });
    const parsed = initSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || !parsed.data.status || !parsed.data.data) {
      throw new UpstreamError(`Paystack initialize failed (${answer.status})`, answer.status);
    }
    return { gatewayReference: parsed.data.data.reference, accessCode: parsed.data.data.access_code };
  }

  /**
   * The settlements Paystack paid out on the days from `from` to `to` (YYYY-MM-DD, its `settlement_date`), each
   * with its transactions: `GET /settlement`, then `GET /settlement/{id}/transactions`, every page of both.
   */
  async settlements(from: string, to: string): Promise<GatewaySettlement[]> {
    const heads = await this.pages(`/settlement?from=${from}&to=${to}`, settlementsSchema);
    const settlements: GatewaySettlement[] = [];
    for (const head of heads) {
      const transactions = await this.pages(
        `/settlement/${encodeURIComponent(String(head.id))}/transactions?`,
        settlementTransactionsSchema,
      );
      const lines: GatewaySettlementLine[] = transactions.map((t) => ({
        gatewayReference: t.reference,
        reference: t.reference,
        amountKobo: t.amount,
        feeKobo: t.fees ?? 0,
      }));
      settlements.push({
        gateway: "paystack",
        reference: String(head.id),
        settledOn: watDay(head.settlement_date),
        grossKobo: head.total_processed,
        feesKobo: head.total_fees,
        netKobo: head.total_amount,
        lines,
      });
    }
    return settlements;
  }

  /** Every page of a Paystack list (`page` from 1, `perPage` 100). */
  private async pages<T extends z.ZodType<{ status: boolean; data: unknown[]; meta: { pageCount: number } }>>(
    path: string,
    schema: T,
  ): Promise<z.infer<T>["data"]> {
    const all: unknown[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const separator = path.endsWith("?") ? "" : "&";
      const answer = await httpRequest(`${this.config.baseUrl}${path}${separator}perPage=100&page=${page}`, {
        headers: this.headers(),
        timeoutMs: this.config.timeoutMs,
      });
      const parsed = schema.safeParse(answer.json);
      if (answer.status !== 200 || !parsed.success || !parsed.data.status)
        throw new UpstreamError(`Paystack ${path.split("?")[0]} answered ${answer.status}`, answer.status);
      all.push(...parsed.data.data);
      if (page >= parsed.data.meta.pageCount) break;
    }
    return all as z.infer<T>["data"];
  }

  async check(payment: { reference: string; gatewayReference: string }): Promise<GatewayVerdict> {
    const answer = await httpRequest(
      `${this.config.baseUrl}/transaction/verify/${encodeURIComponent(payment.gatewayReference)}`,
      {
        headers: this.headers(),
        timeoutMs: this.config.timeoutMs,
      },
    );
    const parsed = verifySchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || !parsed.data.data) {
      throw new UpstreamError(`Paystack verify answered ${answer.status}`, answer.status);
    }
    // `status: true` at the top only means the call worked: the payment's state is data.status.
    const data = parsed.data.data;
    if (data.reference !== payment.gatewayReference) throw new UpstreamError("Paystack verify names another payment");
    if (data.status === "success")
      return { state: "paid", amountPaidKobo: data.amount, currency: data.currency, gatewayStatus: data.status };
    if (data.status === "failed" || data.status === "reversed") return { state: "failed", gatewayStatus: data.status };
    // 'abandoned' is also what a transaction nobody has paid yet reads: still payable, like 'ongoing'.
    if (data.status === "abandoned") return { state: "pending", abandoned: true, gatewayStatus: data.status };
    return { state: "pending", gatewayStatus: data.status };
  }

  authenticateWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): boolean {
    // The plain hex HMAC of the body, or the timestamped t=…,v1=… form.
    return hmacSha512HeaderMatches(headers["x-paystack-signature"], this.config.secretKey, rawBody);
  }

  mentions(body: unknown): WebhookMention[] {
    const parsed = webhookSchema.safeParse(body);
    if (!parsed.success) return [];
    return [{ gatewayReference: parsed.data.data.reference, reference: parsed.data.data.reference }];
  }
}
