import { randomBytes } from "node:crypto";
import {
  CHARGE_FEE_KOBO,
  MAX_TOTAL_KOBO,
  formatNaira,
  koboToDecimal,
  nairaToKobo,
  type GatewayKey,
  type GuestCheckoutInput,
  type PaymentMethodKey,
  type ServiceRecord,
} from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import { AppError, errors, type FieldErrors } from "../../lib/errors";
import type { AuthUser } from "../../plugins/access";
import type { CatalogueService } from "../catalogue/catalogue.service";
import type { BankAccount, PaymentGateway } from "../gateways/gateway";
import type { InvoicesRepository, NewInvoiceItem } from "./invoices.repository";

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
}

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
          fields[`${at}.service.price`] = [`The price of ${record.name} is ${formatNaira(cataloguePrice)}. Refresh your cart and try again.`];
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

  async checkout(input: GuestCheckoutInput, user: AuthUser | null) {
    const allowed = user ? MEMBER_METHODS : GUEST_METHODS;
    if (!allowed.includes(input.payment_method)) {
      throw errors.validation({ payment_method: [user ? "This payment method is not available." : "This payment method needs an account. Choose Remita or Monnify."] });
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
    const invoiceId = await db.transaction(async (tx) => {
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
        },
        lines,
      );
      if (gatewayKey) await invoices.insertGatewayPayment(tx, id, gatewayKey);
      return id;
    });

    const total = subtotal + CHARGE_FEE_KOBO;
    const base = {
      reference,
      status: "pending",
      items: lines.map((line) => ({ service: { id: line.serviceId, name: line.serviceName, price: koboToDecimal(line.unitPriceKobo) }, qty: line.qty })),
      amount: koboToDecimal(total),
      subtotal: koboToDecimal(subtotal),
      charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
      payment_method: method,
    };

    if (!gatewayKey) {
      return { ...base, rrr: null, message: "Transfer the total to the hospital's account; staff confirm it within 24-48 hours.", gateway: { key: "bank_transfer", bank_account: this.deps.hospitalAccount } };
    }

    let started;
    try {
      started = await this.deps.gateways[gatewayKey].start({
        reference,
        totalKobo: total,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        description: `Hospital services (${lines.length} item${lines.length === 1 ? "" : "s"}) ${reference}`,
      });
    } catch (error) {
      this.deps.log.error({ err: error, reference, gateway: gatewayKey }, "gateway could not start the payment");
      await db.transaction((tx) => invoices.markFailed(tx, invoiceId, "gateway_unavailable"));
      throw new AppError(502, "gateway_unavailable", "The payment gateway could not start this payment. Please try again or choose another payment method.");
    }
    await invoices.setGatewayStarted(invoiceId, started, 30);

    const message = "Payment started. Complete it with the gateway.";
    switch (gatewayKey) {
      case "remita":
        return {
          ...base,
          rrr: started.gatewayReference,
          message,
          gateway: { key: "remita", script_url: this.deps.scripts.remita, public_key: this.deps.publicKeys.remita, rrr: started.gatewayReference, transaction_id: reference, amount: base.amount },
        };
      case "monnify":
        return { ...base, rrr: null, message: "Transfer the exact amount to the account below.", gateway: { key: "monnify", bank_account: started.bankAccount } };
      case "paystack":
        return {
          ...base,
          rrr: null,
          message,
          gateway: { key: "paystack", script_url: this.deps.scripts.paystack, public_key: this.deps.publicKeys.paystack, access_code: started.accessCode, reference: started.gatewayReference },
        };
    }
  }
}
