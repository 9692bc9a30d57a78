import {
  API_PATHS,
  callbackResponseSchema,
  checkoutInputSchema,
  checkoutResponseSchema,
  type CheckoutResponse,
  errorResponseSchema,
  gatewayKeySchema,
  paymentMethodsResponseSchema,
  PAYMENT_METHOD_CHOICE_NAMES,
  PAYMENT_METHOD_KEYS,
  paymentStatusResponseSchema,
  plainRrr,
  transactionLookupQuerySchema,
  transactionLookupResponseSchema,
  walletPaymentResponseSchema,
  type WalletPaymentResponse,
  type Locale,
  type WalletCheckoutInput,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { CheckoutService } from "./checkout.service";
import type { InvoicesRepository } from "./invoices.repository";
import { paymentView, publicTransactionView, TRANSACTION_STATUS } from "./payment-views";
import type { SettlementService } from "./settlement.service";

/** Paying a checkout from the signed-in customer's wallet (the wallet module's WalletService). */
export interface WalletPayer {
  pay(
    user: AuthUser,
    input: WalletCheckoutInput,
    idempotencyKey: string | undefined,
    locale: Locale,
  ): Promise<{ body: Record<string, unknown> }>;
}

export interface PaymentsRoutesOptions {
  checkout: CheckoutService;
  wallet: WalletPayer;
  settlement: SettlementService;
  invoices: InvoicesRepository;
  sandbox: boolean;
}

/** A pending payment is re-checked with its gateway on a status read at most this often. */
const RECHECK_ON_READ_MS = 5_000;
const referenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid reference.");
const CALLBACK_STATUS = {
  SUCCESS: { status: "01", message: "Approved" },
  PENDING: { status: "021", message: "Pending" },
  FAILED: { status: "02", message: "Failed" },
  REFUNDED: { status: "02", message: "Refunded" },
} as const;

/** Checkout, payment status, the gateway callback and the public look-up. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, opts) => {
  const { checkout, settlement, invoices } = opts;

  app.get(
    API_PATHS.paymentMethods,
    {
      config: { access: "public" },
      schema: { tags: ["payments"], summary: "Payment methods", response: { 200: paymentMethodsResponseSchema } },
    },
    async () => ({ payment_methods: PAYMENT_METHOD_KEYS.map((key) => ({ key, name: PAYMENT_METHOD_CHOICE_NAMES[key] })) }),
  );

  app.post(
    API_PATHS.checkout,
    {
      // Anonymous checkouts are limited per client address: each opens a gateway payment and an invoice.
      config: { access: "optional", limits: { policy: "checkout", anonymousOnly: true } },
      schema: {
        tags: ["payments"],
        summary:
          "Create a payment for cart items (prices and fee are recomputed from the catalogue). With payment_method 'wallet' (signed-in customers), pays at once from the wallet; an Idempotency-Key header makes retries charge once.",
        headers: z.looseObject({
          "idempotency-key": z
            .string()
            .trim()
            .min(1)
            .max(255)
            .regex(/^[\x21-\x7e]+$/, "Invalid Idempotency-Key.")
            .optional(),
        }),
        body: checkoutInputSchema,
        response: {
          201: z.union([walletPaymentResponseSchema, checkoutResponseSchema]),
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.payment_method === "wallet") {
        if (!request.user) throw errors.notAuthenticated();
        const answer = await opts.wallet.pay(request.user, body, request.headers["idempotency-key"], request.locale);
        // Only a created payment is stored under a key, so a replay is a 201 like the first answer.
        return reply.code(201).send(answer.body as WalletPaymentResponse);
      }
      // The service assembles its answer from parts; the 201 schema checks the whole as it is sent.
      return reply.code(201).send((await checkout.checkout(body, request.user, request.locale)) as CheckoutResponse);
    },
  );

  app.get(
    API_PATHS.gatewayCallback.route,
    {
      // Anybody can call it with a guessed RRR, and each call may make the server ask the gateway (shared
      // with other asks by GatewayQueries): limited per client address.
      config: { access: "public", limits: { policy: "callback" } },
      schema: {
        tags: ["payments"],
        summary:
          "After the gateway's widget reports success: the server asks the gateway itself (the amount in the query is ignored)",
        params: z.object({ gateway: gatewayKeySchema }),
        querystring: z.object({
          transaction_id: referenceSchema.optional(),
          rrr: z
            .string()
            .trim()
            .regex(/^[\d-]{1,20}$/, "Invalid RRR.")
            .optional(),
          amount: z.string().max(32).optional(),
        }),
        response: {
          200: callbackResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { transaction_id: reference, rrr } = request.query;
      if (!reference && !rrr) throw errors.validation({ transaction_id: ["Give transaction_id or rrr."] });
      const invoice = rrr
        ? await invoices.findByGatewayReference(request.params.gateway, plainRrr(rrr))
        : await invoices.findByReference(reference!);
      if (!invoice || invoice.gateway !== request.params.gateway) throw errors.notFound("Payment not found.");
      if (reference && rrr && invoice.reference !== reference)
        throw errors.validation({ rrr: ["This RRR belongs to another payment."] });
      const now = (await settlement.reconcile(invoice.id)) ?? invoice;
      const transactionStatus = TRANSACTION_STATUS[now.status];
      // The reference opens the payment's receipt: it is named only to a caller who gave it, never for an RRR.
      return {
        transaction_status: transactionStatus,
        ...(reference ? { reference: now.reference } : {}),
        ...CALLBACK_STATUS[transactionStatus],
      };
    },
  );

  app.get(
    API_PATHS.payment.route,
    {
      // Anyone holding the reference reads the payment; only its signed-in owner also reads the payer's
      // contact details (anybody else proves them through the look-up, by e-mail and phone digits).
      config: { access: "optional" },
      schema: {
        tags: ["payments"],
        summary:
          "A payment's status and receipt, by its (unguessable) reference; re-checks a pending one with its gateway. " +
          "The payer's contact details (customer) only for its signed-in owner; null for anybody else.",
        params: z.object({ reference: referenceSchema }),
        response: {
          200: paymentStatusResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      let invoice = await invoices.findByReference(request.params.reference);
      if (!invoice) throw errors.notFound("Payment not found.");
      const stale = !invoice.lastCheckedAt || Date.now() - invoice.lastCheckedAt.getTime() > RECHECK_ON_READ_MS;
      if (invoice.status === "pending" && invoice.gateway && stale) invoice = (await settlement.reconcile(invoice.id)) ?? invoice;
      const owner = invoice.userId !== null && request.user?.id === invoice.userId;
      return paymentView(invoice, await invoices.itemsOf([invoice.id]), opts.sandbox, { contact: owner });
    },
  );

  app.post(
    API_PATHS.cancelPayment.route,
    {
      // Anyone holding the reference may ask; each ask may make the server ask the gateway (shared with
      // other asks by GatewayQueries): limited per client address, like the callback.
      config: { access: "optional", limits: { policy: "callback" } },
      schema: {
        tags: ["payments"],
        summary:
          "The payer closed or cancelled the gateway's widget: the server asks the gateway and closes the payment as cancelled " +
          "(status failed, closed_reason cancelled) only when the gateway says the payer abandoned it. A payment the gateway says " +
          "is paid settles; one it says is still payable stays pending, and pressing Pay now for the same cart continues it.",
        params: z.object({ reference: referenceSchema }),
        response: {
          200: paymentStatusResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      let invoice = await invoices.findByReference(request.params.reference);
      if (!invoice) throw errors.notFound("Payment not found.");
      if (invoice.status === "pending" && invoice.gateway)
        invoice = (await settlement.reconcile(invoice.id, undefined, { cancelling: true })) ?? invoice;
      const owner = invoice.userId !== null && request.user?.id === invoice.userId;
      return paymentView(invoice, await invoices.itemsOf([invoice.id]), opts.sandbox, { contact: owner });
    },
  );

  app.get(
    API_PATHS.fetchTransactions,
    {
      // Limited per client address and per e-mail address, in counters every process shares: guessing
      // digits from many addresses, or for many e-mails from one, is slow either way.
      config: { access: "public", limits: { policy: "lookup", account: "query.email" } },
      schema: {
        tags: ["payments"],
        summary: "Public look-up of past payments by e-mail and the last six digits of the phone number",
        querystring: transactionLookupQuerySchema,
        response: {
          200: transactionLookupResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { email, digit } = request.query;
      const found = await invoices.lookup(email, digit, 50);
      return { results: found.map((invoice) => publicTransactionView(invoice, invoice.items)) };
    },
  );
};
