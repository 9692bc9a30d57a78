import type { WebhookHandler, WebhookMention } from "../gateways";
import type { InvoicesRepository } from "./invoices.repository";
import type { SettlementService } from "./settlement.service";

/**
 * The most payments one notification is acted on for. Remita's notifications (unsigned, so anybody can
 * send one) list the payments of one batch, a handful in practice; the others name one. Past this many,
 * the rest are left to the worker's re-query, which asks about every pending payment within minutes.
 */
export const WEBHOOK_MENTIONS_MAX = 50;

/** Each payment a notification names, once, in the order named. */
function distinctMentions(mentions: WebhookMention[]): WebhookMention[] {
  const seen = new Map<string, WebhookMention>();
  for (const mention of mentions) {
    const key = JSON.stringify([mention.gatewayReference ?? null, mention.reference ?? null]);
    if (!seen.has(key)) seen.set(key, mention);
  }
  return [...seen.values()];
}

/**
 * The payments' share of the gateways' notifications (registered last: it takes every notification): each
 * payment the body mentions (each once, at most WEBHOOK_MENTIONS_MAX) is re-checked with the gateway and
 * settled at most once. A signed notification is the gateway's own news, so it asks anew; an unsigned one
 * may reuse an answer of the cool-down (GatewayQueries).
 */
export function paymentWebhooks(invoices: InvoicesRepository, settlement: SettlementService): WebhookHandler {
  return {
    async take({ key, gateway, body, log }) {
      const mentions = distinctMentions(gateway.mentions(body));
      if (mentions.length > WEBHOOK_MENTIONS_MAX) {
        log.warn(
          { gateway: key, mentions: mentions.length, handled: WEBHOOK_MENTIONS_MAX },
          "webhook names too many payments: the rest are left to the re-query",
        );
      }
      const reconciled = new Set<number>();
      for (const mention of mentions.slice(0, WEBHOOK_MENTIONS_MAX)) {
        const invoice =
          (mention.gatewayReference ? await invoices.findByGatewayReference(key, mention.gatewayReference) : null) ??
          (mention.reference ? await invoices.findByReference(mention.reference) : null);
        if (!invoice || invoice.gateway !== key || reconciled.has(invoice.id)) continue;
        reconciled.add(invoice.id);
        await settlement.reconcile(invoice.id, undefined, { fresh: gateway.signs });
      }
      return { status: "ok" };
    },
  };
}
