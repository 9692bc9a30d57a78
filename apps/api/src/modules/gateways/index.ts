import type { GatewayKey } from "@hospipay/contract";
import { partyUrls } from "../../env";
import type { BaseContext } from "../../lib/module-context";
import type { PaymentGateway } from "./gateway";
import { GatewayQueries } from "./gateway-queries";
import { MonnifyGateway } from "./monnify.gateway";
import { PaystackGateway } from "./paystack.gateway";
import { RemitaGateway } from "./remita.gateway";
import { webhookRoutes } from "./webhooks.routes";

export { gatewayBrowserSources } from "./browser-hosts";
export type {
  BankAccount,
  GatewaySettlement,
  GatewaySettlementLine,
  GatewayVerdict,
  PaymentGateway,
  PaymentToStart,
  StartedPayment,
  WebhookMention,
} from "./gateway";
export { PaystackGateway } from "./paystack.gateway";
export type { WebhookHandler } from "./webhooks.routes";
export { GatewayQueries } from "./gateway-queries";
export { MonnifyGateway } from "./monnify.gateway";
export type {
  AccountToReserve,
  MonnifyTransactionStatus,
  ReservedAccountDetails,
  ReservedTransferMention,
} from "./monnify.gateway";

/** One adapter per gateway, and the re-queries of their payments with a cool-down. */
export function create(ctx: BaseContext, deps: { paystackCallbackUrl: (reference: string) => string }) {
  const { env } = ctx;
  const urls = partyUrls(env);
  const timeoutMs = env.GATEWAY_TIMEOUT_MS;
  const monnify = new MonnifyGateway({
    baseUrl: urls.monnify,
    apiKey: env.MONNIFY_API_KEY,
    secretKey: env.MONNIFY_SECRET_KEY,
    contractCode: env.MONNIFY_CONTRACT_CODE,
    redirectUrl: (reference) => `${ctx.publicUrl}/bank-details/monnify/${encodeURIComponent(reference)}`,
    timeoutMs,
  });
  const paystack = new PaystackGateway({
    baseUrl: urls.paystack,
    secretKey: env.PAYSTACK_SECRET_KEY,
    callbackUrl: deps.paystackCallbackUrl,
    timeoutMs,
  });
  const gateways: Record<GatewayKey, PaymentGateway> = {
    remita: new RemitaGateway({
      baseUrl: urls.remita,
      merchantId: env.REMITA_MERCHANT_ID,
      serviceTypeId: env.REMITA_SERVICE_TYPE_ID,
      apiKey: env.REMITA_API_KEY,
      timeoutMs,
    }),
    monnify,
    paystack,
  };
  return { gateways, monnify, paystack, queries: new GatewayQueries(gateways, env.GATEWAY_QUERY_COOLDOWN_MS) };
}

/** The gateways' webhooks, handed to the handlers the modules above registered, in order. */
export async function register(ctx: BaseContext, deps: Parameters<typeof webhookRoutes>[1]) {
  await ctx.app.register(webhookRoutes, deps);
}
