import { widgetScripts } from "../../env";
import type { BaseContext, ModuleContext } from "../../lib/module-context";
import { CheckoutService, type CheckoutDeps } from "./checkout.service";
import { cartPurpose, type PaymentReceiptDeps } from "./cart.purpose";
import { InvoicesRepository } from "./invoices.repository";
import { paymentWebhooks } from "./payment-webhooks";
import { paymentsRoutes, type PaymentsRoutesOptions } from "./payments.routes";
import { PaymentsWorker } from "./payments.worker";
import { PurposeRegistry } from "./purpose";
import { SettlementService, type SettlementDeps } from "./settlement.service";

export { CheckoutService, newReference } from "./checkout.service";
export { startGatewayPayment } from "./gateway-start";
export { CANCELLED_REASON, InvoicesRepository, isSettleable, phoneDigits } from "./invoices.repository";
export type { InvoiceRecord, NewInvoice, NewInvoiceItem } from "./invoices.repository";
export { billPageUrl, cartItemsView, closedReason, receiptMail, receiptPageUrl } from "./payment-views";
export { SettlementService } from "./settlement.service";
export { cartPurpose, sendPaymentReceipt } from "./cart.purpose";
export type { PaymentReceiptDeps } from "./cart.purpose";
export { PurposeRegistry } from "./purpose";
export type { PaymentChannel, PaymentPurpose, PurposeSettlement } from "./purpose";

/** Payments, their settlement, checkout and the worker that re-queries pending payments with their gateways. */
export function create(
  ctx: ModuleContext,
  deps: Omit<SettlementDeps, "db" | "invoices" | "purposes" | "mailQueued" | "log"> &
    Pick<CheckoutDeps, "catalogue" | "gateways"> &
    Pick<PaymentReceiptDeps, "mail" | "sms">,
) {
  const { db, env, log } = ctx;
  const { catalogue, gateways, mail, sms, ...settles } = deps;
  const invoices = new InvoicesRepository(db);
  // What each payment pays for: a cart here; the modules above register theirs (bill parts, top-ups).
  const paymentReceipts: PaymentReceiptDeps = { invoices, mail, sms, publicUrl: ctx.publicUrl };
  const purposes = new PurposeRegistry().register(cartPurpose(paymentReceipts));
  const settlement = new SettlementService({ ...settles, db, invoices, purposes, mailQueued: ctx.mailQueued, log });
  const checkout = new CheckoutService({
    db,
    invoices,
    catalogue,
    gateways,
    scripts: widgetScripts(env),
    publicKeys: { remita: env.REMITA_PUBLIC_KEY, paystack: env.PAYSTACK_PUBLIC_KEY },
    hospitalAccount: {
      account_number: env.HOSPITAL_ACCOUNT_NUMBER,
      account_name: env.HOSPITAL_ACCOUNT_NAME,
      bank_name: env.HOSPITAL_BANK_NAME,
    },
    paymentTtlMinutes: env.PAYMENT_TTL_MINUTES,
    log,
  });
  const paymentsWorker = new PaymentsWorker(db, invoices, settlement, log, env.PAYMENT_RECHECK_INTERVAL_MS, ctx.backgroundTurn);
  const webhooks = paymentWebhooks(invoices, settlement);
  return { invoices, settlement, checkout, paymentsWorker, purposes, paymentReceipts, webhooks };
}

/** The payment routes: methods, checkout, the public look-up, the gateway callback and the payer's cancel. */
export async function register(ctx: BaseContext, deps: Omit<PaymentsRoutesOptions, "sandbox">) {
  await ctx.app.register(paymentsRoutes, { ...deps, sandbox: ctx.env.SANDBOX });
}
