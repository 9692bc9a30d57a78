import { randomBytes } from "node:crypto";
import {
  CHARGE_FEE_KOBO,
  DEFAULT_LOCALE,
  MAX_TOTAL_KOBO,
  formatNaira,
  koboToDecimal,
  MESSAGES,
  nairaToKobo,
  type GatewayKey,
  type GuestCheckoutInput,
  type Locale,
  type PaymentMethodKey,
  type ServiceRecord,
} from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import { AppError, errors, type FieldErrors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { CatalogueService } from "../catalogue";
import type { BankAccount, PaymentGateway, StartedPayment } from "../gateways";
import { startGatewayPayment } from "./gateway-start";
import type { InvoiceRecord, InvoicesRepository, NewInvoiceItem } from "./invoices.repository";
import { cartItemsView } from "./payment-views";

/** Methods a visitor without an account may use (SPEC: wallet, bank transfer and the card gateway are removed). */
export const GUEST_METHODS: readonly PaymentMethodKey[] = ["remita", "monnify"];
/** Methods a signed-in user may use through checkout (the wallet has its own flow). */
export const MEMBER_METHODS: readonly PaymentMethodKey[] = ["remita", "monnify", "paystack", "bank_transfer"];

const GATEWAY_KEYS = new Set<PaymentMethodKey>(["remita", "monnify", "paystack"]);

export interface CheckoutDeps {
  db: Database;
  invoices: InvoicesRepository;
  catalogue: CatalogueService;
  gateways: Record<GatewayKey, PaymentGateway>;
  scripts: { remita: string; paystack: string };
  publicKeys: { remita: string; paystack: string };
  hospitalAccount: BankAccount;
  paymentTtlMinutes: number;
  log: FastifyBaseLogger;
  /** How long a press that finds its payment still being started waits for the start (default 20 s). */
  startWaitMs?: number;
}

/**
 * A pending payment is offered again only while at least this much of its time is left: one about to
 * expire would close under a payer who is still paying it.
 */
const REUSE_MIN_LEFT_MS = 5 * 60_000;
/** How often a press waiting for another press's gateway start looks at the payment again. */
const START_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lines of a cart, in an order-independent form: what one payment is for. */
function cartKey(lines: ReadonlyArray<{ serviceId: string; unitPriceKobo: number; qty: number }>): string {
  return lines
    .map((line) => `${line.serviceId}|${line.unitPriceKobo}|${line.qty}`)
    .sort()
    .join("\n");
}

const STARTED_MESSAGE = "Payment started. Complete it with the gateway.";
const RESUMED_MESSAGE = "You already started this payment for the same cart: complete it with the gateway.";
const MONNIFY_MESSAGE = "Transfer the exact amount to the account below.";
const TRANSFER_MESSAGE = "Transfer the total to the hospital's account; staff confirm it within 24-48 hours.";
const START_FAILED_MESSAGE =
  "The payment gateway could not start this payment. Please try again or choose another payment method.";

/** A new, unguessable invoice reference (it also unlocks the public payment status). */
export function newReference(): string {
  return `HSP-${randomBytes(10).toString("hex").toUpperCase()}`;
}

interface PricedLine extends NewInvoiceItem {
  name: string;
}

/** Creates guest and customer payments: prices from the catalogue, one invoice, then the gateway. */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** Recomputes every line from the catalogue; a client price may only fill an open-price line. */
  async priceLines(items: GuestCheckoutInput["items"]): Promise<PricedLine[]> {
    const catalogue = await this.deps.catalogue.servicesById(items.map((item) => item.service.id));
    const fields: FieldErrors = {};
    const lines: PricedLine[] = [];
    items.forEach((item, index) => {
      const at = `items.${index}`;
      const record: ServiceRecord | undefined = catalogue.get(String(item.service.id));
      if (!record) {
        fields[`${at}.service.id`] = [`Unknown service "${item.service.name}". Refresh the list and try again.`];
        return;
      }
      const clientPrice = nairaToKobo(item.service.price);
      const clientAmount = nairaToKobo(item.amount);
      const openPrice = record.fixed_price.toLowerCase() === "no";
      let unit: number;
      if (openPrice) {
        if (clientPrice === null || clientPrice <= 0) {
          fields[`${at}.service.price`] = [`Enter a price above 0 for ${record.name}.`];
          return;
        }
        unit = clientPrice;
      } else {
        const cataloguePrice = nairaToKobo(record.price);
        if (cataloguePrice === null || cataloguePrice <= 0) {
          fields[`${at}.service.id`] = [`${record.name} cannot be paid for online.`];
          return;
        }
        if (clientPrice !== cataloguePrice) {
          fields[`${at}.service.price`] = [
            `The price of ${record.name} is ${formatNaira(cataloguePrice)}. Refresh your cart and try again.`,
          ];
          return;
        }
        unit = cataloguePrice;
      }
      if (clientAmount !== unit) {
        fields[`${at}.amount`] = [`The amount of ${record.name} must equal its price (${formatNaira(unit)}).`];
        return;
      }
      lines.push({
        name: record.name,
        serviceId: String(record.id),
        serviceName: record.name,
        description: record.description ?? "",
        headCode: record.head_code ?? null,
        serviceTypeId: record.service_type_id == null ? null : String(record.service_type_id),
        departmentName: record.department?.name ?? null,
        category: record.category ?? null,
        fixedPrice: !openPrice,
        unitPriceKobo: unit,
        qty: item.qty,
      });
    });
    if (Object.keys(fields).length > 0) throw errors.validation(fields, "Some items in your cart could not be accepted.");
    return lines;
  }

  /** A cart's payment; `locale` is the paying request's language, kept with the payment for its receipt and refund e-mails. */
  async checkout(input: GuestCheckoutInput, user: AuthUser | null, locale: Locale = DEFAULT_LOCALE) {
    const allowed = user ? MEMBER_METHODS : GUEST_METHODS;
    if (!allowed.includes(input.payment_method)) {
      throw errors.validation({
        payment_method: [
          user ? "This payment method is not available." : "This payment method needs an account. Choose Remita or Monnify.",
        ],
      });
    }
    if (nairaToKobo(input.charge_fee) !== CHARGE_FEE_KOBO) {
      throw errors.validation({ charge_fee: [`The charge fee is ${koboToDecimal(CHARGE_FEE_KOBO)}.`] });
    }
    const lines = await this.priceLines(input.items);
    const subtotal = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.qty, 0);
    if (subtotal + CHARGE_FEE_KOBO > MAX_TOTAL_KOBO) {
      throw errors.validation({ items: [`A single payment cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`] });
    }

    const method = input.payment_method;
    const gatewayKey = GATEWAY_KEYS.has(method) ? (method as GatewayKey) : null;
    const customer = input.customer_meta;
    const reference = newReference();
    const { db, invoices } = this.deps;
    const created = await db.transaction(async (tx) => {
      // One cart, one pending payment: presses for the same payer and cart are serialised here, so the
      // second (also a concurrent one) finds the first's payment and continues it instead of opening another.
      await invoices.lockPayer(tx, customer.email, customer.phone);
      const earlier = await this.pendingFor(tx, input, user, lines, subtotal + CHARGE_FEE_KOBO);
      if (earlier) {
        // The payer continues it in the language they press pay in now, which its e-mails follow.
        if (earlier.locale !== locale) await invoices.setLocale(tx, earlier.id, locale);
        return { id: earlier.id, reused: earlier };
      }
      const id = await invoices.insert(
        tx,
        {
          reference,
          userId: user?.id ?? null,
          purpose: "checkout",
          paymentMethod: method,
          subtotalKobo: subtotal,
          chargeFeeKobo: CHARGE_FEE_KOBO,
          customerName: customer.name,
          customerEmail: customer.email,
          customerPhone: customer.phone,
          hospitalNumber: customer.hospital_number,
          transactionDescription: customer.transaction_description,
          customerMeta: customer,
          expiresAt: gatewayKey ? new Date(Date.now() + this.deps.paymentTtlMinutes * 60_000) : null,
          locale,
        },
        lines,
      );
      if (gatewayKey) await invoices.insertGatewayPayment(tx, id, gatewayKey);
      return { id, reused: null };
    });
    const invoiceId = created.id;
    if (created.reused) return this.resumed(created.reused, lines);

    const total = subtotal + CHARGE_FEE_KOBO;
    const base = {
      reference,
      status: "pending",
      items: cartItemsView(lines),
      amount: koboToDecimal(total),
      subtotal: koboToDecimal(subtotal),
      charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
      payment_method: method,
    };

    if (!gatewayKey) return this.bankTransferAnswer(base);

    const started = await startGatewayPayment(
      this.deps,
      this.deps.gateways[gatewayKey],
      invoiceId,
      {
        reference,
        totalKobo: total,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        description: `Hospital services (${lines.length} item${lines.length === 1 ? "" : "s"}) ${reference}`,
      },
      { detail: START_FAILED_MESSAGE },
    );
    return this.answer(base, gatewayKey, started);
  }

  /**
   * Starts a gateway payment of one bill's part: the same invoice, gateway row, gateway start and answer as
   * a cart's checkout, for a line the bills service priced (the part's amount), linked to its bill. A
   * visitor may use the guest gateways, a signed-in user the member methods: Paystack too, and a direct
   * bank transfer (no gateway row, no expiry: pending until staff confirm it, as checkout's transfers).
   * Whether the part still fits the bill is decided again when it settles (SettlementService), behind the
   * bill's row lock.
   */
  async startBillPart(
    part: {
      billId: number;
      line: NewInvoiceItem;
      method: PaymentMethodKey;
      payer: { name: string; email: string; phone: string };
      hospitalNumber: string;
      description: string;
    },
    user: AuthUser | null,
    locale: Locale = DEFAULT_LOCALE,
  ) {
    const allowed = user ? MEMBER_METHODS : GUEST_METHODS;
    if (!allowed.includes(part.method)) {
      throw errors.validation({
        payment_method: [user ? "This payment method is not available." : MESSAGES.bills.guestMethod],
      });
    }
    const gatewayKey = GATEWAY_KEYS.has(part.method) ? (part.method as GatewayKey) : null;
    const subtotal = part.line.unitPriceKobo * part.line.qty;
    const total = subtotal + CHARGE_FEE_KOBO;
    const reference = newReference();
    const { db, invoices } = this.deps;
    const { payer } = part;
    const invoiceId = await db.transaction(async (tx) => {
      const id = await invoices.insert(
        tx,
        {
          reference,
          userId: user?.id ?? null,
          purpose: "checkout",
          paymentMethod: part.method,
          subtotalKobo: subtotal,
          chargeFeeKobo: CHARGE_FEE_KOBO,
          customerName: payer.name,
          customerEmail: payer.email,
          customerPhone: payer.phone,
          hospitalNumber: part.hospitalNumber,
          transactionDescription: part.description,
          customerMeta: { name: payer.name, email: payer.email, phone: payer.phone, hospital_number: part.hospitalNumber },
          expiresAt: gatewayKey ? new Date(Date.now() + this.deps.paymentTtlMinutes * 60_000) : null,
          billId: part.billId,
          locale,
        },
        [part.line],
      );
      if (gatewayKey) await invoices.insertGatewayPayment(tx, id, gatewayKey);
      return id;
    });
    const base = {
      reference,
      status: "pending",
      items: cartItemsView([part.line]),
      amount: koboToDecimal(total),
      subtotal: koboToDecimal(subtotal),
      charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
      payment_method: part.method,
    };
    if (!gatewayKey) return this.bankTransferAnswer(base);
    const started = await startGatewayPayment(
      this.deps,
      this.deps.gateways[gatewayKey],
      invoiceId,
      {
        reference,
        totalKobo: total,
        customerName: payer.name,
        customerEmail: payer.email,
        customerPhone: payer.phone,
        description: `${part.description} ${reference}`,
      },
      { detail: START_FAILED_MESSAGE },
    );
    return this.answer(base, gatewayKey, started);
  }

  /** The answer for a direct bank transfer: the hospital's account to pay into. */
  private bankTransferAnswer<Base extends object>(base: Base) {
    return {
      ...base,
      rrr: null,
      message: TRANSFER_MESSAGE,
      gateway: { key: "bank_transfer", bank_account: this.deps.hospitalAccount },
    };
  }

  /** The answer that sends the browser on to the gateway, for a payment it started. */
  private answer(
    base: { reference: string; status: string; amount: string; [field: string]: unknown },
    gatewayKey: GatewayKey,
    started: StartedPayment,
    message = STARTED_MESSAGE,
  ) {
    switch (gatewayKey) {
      case "remita":
        return {
          ...base,
          rrr: started.gatewayReference,
          message,
          gateway: {
            key: "remita",
            script_url: this.deps.scripts.remita,
            public_key: this.deps.publicKeys.remita,
            rrr: started.gatewayReference,
            transaction_id: base.reference,
            amount: base.amount,
          },
        };
      case "monnify":
        return { ...base, rrr: null, message: MONNIFY_MESSAGE, gateway: { key: "monnify", bank_account: started.bankAccount } };
      case "paystack":
        return {
          ...base,
          rrr: null,
          message,
          gateway: {
            key: "paystack",
            script_url: this.deps.scripts.paystack,
            public_key: this.deps.publicKeys.paystack,
            access_code: started.accessCode,
            reference: started.gatewayReference,
          },
        };
    }
  }

  /**
   * The payer's pending payment for exactly this cart, if there is one to continue: same signed-in user
   * (or none), e-mail, phone, name, hospital number and description (everything the invoice and its
   * receipt carry), same items at the same prices and quantities, same method, still pending with
   * enough time left and not paid short. A payment without an expiry (a direct transfer) counts only
   * within the payment lifetime, so the same cart paid again weeks later is a new payment.
   */
  private async pendingFor(
    tx: Queryable,
    input: GuestCheckoutInput,
    user: AuthUser | null,
    lines: PricedLine[],
    totalKobo: number,
  ): Promise<InvoiceRecord | null> {
    const customer = input.customer_meta;
    const ids = await this.deps.invoices.pendingCheckoutIds(tx, {
      email: customer.email,
      phone: customer.phone,
      method: input.payment_method,
      userId: user?.id ?? null,
      totalKobo,
      withinMinutes: this.deps.paymentTtlMinutes,
      minLeftSeconds: REUSE_MIN_LEFT_MS / 1000,
    });
    if (ids.length === 0) return null;
    const wanted = cartKey(lines);
    const items = await this.deps.invoices.itemsOf(ids, tx);
    for (const id of ids) {
      const invoice = await this.deps.invoices.findById(id, tx);
      if (
        !invoice ||
        invoice.customerPhone !== customer.phone ||
        invoice.customerName !== customer.name ||
        invoice.hospitalNumber !== customer.hospital_number ||
        invoice.transactionDescription !== customer.transaction_description
      )
        continue;
      if (cartKey(items.filter((item) => item.invoiceId === id)) === wanted) return invoice;
    }
    return null;
  }

  /**
   * The answer for a payment pressed for again: the same reference, RRR, account or access code. When
   * another press is still starting it with the gateway, waits for that start; one the gateway could not
   * start fails this press too.
   */
  private async resumed(found: InvoiceRecord, lines: PricedLine[]) {
    let invoice: InvoiceRecord | null = found;
    const deadline = Date.now() + (this.deps.startWaitMs ?? 20_000);
    while (invoice && invoice.gateway && invoice.status === "pending" && !invoice.gatewayReference && Date.now() < deadline) {
      await sleep(START_POLL_MS);
      invoice = await this.deps.invoices.findById(found.id);
    }
    if (!invoice || invoice.status !== "pending") {
      throw new AppError(502, "gateway_unavailable", START_FAILED_MESSAGE);
    }
    if (invoice.gateway && !invoice.gatewayReference) {
      throw errors.conflict("This payment is still being started with the gateway. Please try again in a moment.");
    }
    const base = {
      reference: invoice.reference,
      status: "pending",
      items: cartItemsView(lines),
      amount: koboToDecimal(invoice.totalKobo),
      subtotal: koboToDecimal(invoice.subtotalKobo),
      charge_fee: koboToDecimal(invoice.chargeFeeKobo),
      payment_method: invoice.paymentMethod,
      resumed: true,
    };
    if (!invoice.gateway) return this.bankTransferAnswer(base);
    return this.answer(
      base,
      invoice.gateway,
      {
        gatewayReference: invoice.gatewayReference!,
        accessCode: invoice.accessCode ?? undefined,
        bankAccount: invoice.bankAccount ?? undefined,
      },
      RESUMED_MESSAGE,
    );
  }
}
