import { createHash } from "node:crypto";
import {
  type BillStatus,
  CHARGE_FEE_KOBO,
  DEFAULT_LOCALE,
  formatReceiptCode,
  formatNaira,
  koboToDecimal,
  MESSAGES,
  nairaToKobo,
  type CreateTopUpInput,
  type Locale,
  type WalletCheckoutInput,
} from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import { AppError, errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { UsersRepository } from "../accounts";
import type { PaymentGateway } from "../gateways";
import { BILL_DEPOSITS_ACCOUNT, type LedgerRepository } from "../ledger";
import type { MailRepository } from "../mail";
import type { SmsService } from "../sms";
import {
  newReference,
  type CheckoutService,
  startGatewayPayment,
  type InvoiceRecord,
  type InvoicesRepository,
  type NewInvoice,
  type NewInvoiceItem,
  cartItemsView,
  receiptMail,
} from "../payments";
import { newReceiptCode } from "../../lib/receipt-code";
import type { WalletsRepository } from "./wallets.repository";
import { type KycTiers, capMessage } from "../kyc-tiers";

/** The largest single top-up (₦5,000,000). */
export const MAX_TOP_UP_KOBO = 500_000_000;

export const WALLET_MESSAGES = {
  insufficient: "Insufficient wallet balance. Please fund your wallet.",
  paid: "Payment successful.",
  notYours: "This is not your wallet.",
  customersOnly: "Only customer accounts have a wallet.",
  keyReused: "This Idempotency-Key was already used for a different request.",
} as const;

/** What a wallet payment of a bill's part learns from `apply`: whether it fits, and the bill it was tried on. */
export type BillPartFit = { fits: true; bill: PartBill; nowPaid: boolean } | { fits: false; bill: PartBill | null };

/** What the wallet reads of the bill a part was tried on: what is left to pay of it, when it is open. */
export interface PartBill {
  status: BillStatus;
  totalKobo: number;
  paidKobo: number;
  /** What approved waivers took off it. */
  waivedKobo: number;
  /** An HMO enrollee's bill: the HMO's part, which the patient's parts do not pay. */
  hmoKobo: number;
}

/**
 * The bill's side of a wallet payment of a bill's part, as the wallet calls it (the bills module's BillParts):
 * `apply` locks the bill and adds the part if it fits, `recognise` gets back what `apply` answered, after the
 * part's own entry, in the same transaction.
 */
export interface BillPartsPort {
  apply(tx: Queryable, part: { billId: number; subtotalKobo: number }): Promise<BillPartFit>;
  recognise(
    tx: Queryable,
    outcome: BillPartFit,
    invoice: Pick<InvoiceRecord, "id" | "reference" | "customerName" | "customerEmail" | "locale">,
  ): Promise<void>;
}

export interface WalletServiceDeps {
  db: Database;
  wallets: WalletsRepository;
  invoices: InvoicesRepository;
  ledger: LedgerRepository;
  users: UsersRepository;
  checkout: CheckoutService;
  /** The bill's side of a wallet payment of a bill's part. */
  billParts: BillPartsPort;
  remita: PaymentGateway;
  remitaWidget: { scriptUrl: string; publicKey: string };
  mail: MailRepository;
  /** The SMS receipt of a wallet payment, beside the e-mailed one. */
  sms: SmsService;
  /** The KYC tier caps a top-up is checked against before any payment starts. */
  tiers: KycTiers;
  publicUrl: string;
  paymentTtlMinutes: number;
  mailQueued: () => void;
  log: FastifyBaseLogger;
}

/** An answer that a retried request with the same Idempotency-Key gets again (only 201s are stored). */
export interface StoredAnswer {
  statusCode: 201;
  body: Record<string, unknown>;
}

/**
 * The customer's prepaid wallet: top-ups through Remita (credited only when the settlement service has
 * verified them), payments from the balance (a conditional debit in the same transaction as the
 * ledger entry). Refunds back into the wallet are the refunds module's work.
 */
export class WalletService {
  constructor(private readonly deps: WalletServiceDeps) {}

  private customerOnly(user: AuthUser): void {
    if (user.role !== "CUSTOMER") throw errors.validation({ payment_method: [WALLET_MESSAGES.customersOnly] });
  }

  /** A Remita top-up; `locale` is the request's language, kept with the payment for its e-mail. */
  async topUp(user: AuthUser, input: CreateTopUpInput, locale: Locale = DEFAULT_LOCALE) {
    this.customerOnly(user);
    const amount = nairaToKobo(input.amount);
    if (amount === null || amount <= 0) throw errors.validation({ amount: ["Enter a valid amount."] });
    if (amount > MAX_TOP_UP_KOBO)
      throw errors.validation({ amount: [`A single top-up cannot exceed ${formatNaira(MAX_TOP_UP_KOBO)}.`] });
    const { db, wallets, invoices, users } = this.deps;
    const person = await users.findById(user.id);
    if (!person) throw errors.tokenInvalid();
    const reference = newReference();
    const invoiceId = await db.transaction(async (tx) => {
      const wallet = await wallets.ensure(user.id, tx);
      // The tier's caps, with the wallet locked: a refused top-up writes nothing (the transaction rolls back).
      const standing = await this.deps.tiers.standing(tx, wallet.id, user.id);
      const check = this.deps.tiers.check(standing, amount);
      if (!check.allowed) throw errors.validation({ amount: [capMessage(standing.tier, check)] });
      const id = await invoices.insert(
        tx,
        {
          reference,
          userId: user.id,
          purpose: "top_up",
          paymentMethod: "remita",
          subtotalKobo: amount,
          chargeFeeKobo: 0,
          customerName: `${person.firstName} ${person.lastName}`,
          customerEmail: person.email,
          customerPhone: person.phoneNumber,
          hospitalNumber: person.hospitalNumber,
          transactionDescription: "Wallet top-up",
          customerMeta: { first_name: person.firstName, last_name: person.lastName, email: person.email },
          expiresAt: new Date(Date.now() + this.deps.paymentTtlMinutes * 60_000),
          locale,
        },
        [],
      );
      await invoices.insertGatewayPayment(tx, id, "remita");
      await wallets.insertMovement(tx, {
        walletId: wallet.id,
        invoiceId: id,
        type: "credit",
        amountKobo: amount,
        status: "pending",
      });
      return id;
    });
    const started = await startGatewayPayment(
      this.deps,
      this.deps.remita,
      invoiceId,
      {
        reference,
        totalKobo: amount,
        customerName: `${person.firstName} ${person.lastName}`,
        customerEmail: person.email,
        customerPhone: person.phoneNumber,
        description: `Wallet top-up ${reference}`,
      },
      {
        detail: "Remita could not start this top-up. Please try again shortly.",
        alsoClose: (tx) => wallets.setMovementStatus(tx, invoiceId, "credit", "failed"),
      },
    );
    const rrr = started.gatewayReference;
    return {
      reference,
      amount: koboToDecimal(amount),
      status: "pending",
      rrr_response: { RRR: rrr },
      gateway: {
        key: "remita",
        script_url: this.deps.remitaWidget.scriptUrl,
        public_key: this.deps.remitaWidget.publicKey,
        rrr,
        transaction_id: reference,
        amount: koboToDecimal(amount),
      },
    };
  }

  /**
   * Pays cart items from the wallet. With an Idempotency-Key, a retried or concurrent duplicate gets
   * the first answer and is charged once.
   */
  async pay(
    user: AuthUser,
    input: WalletCheckoutInput,
    idempotencyKey: string | undefined,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<StoredAnswer> {
    this.customerOnly(user);
    if (nairaToKobo(input.charge_fee) !== CHARGE_FEE_KOBO) {
      throw errors.validation({ charge_fee: [`The charge fee is ${koboToDecimal(CHARGE_FEE_KOBO)}.`] });
    }
    const { db, wallets } = this.deps;
    const wallet = await wallets.ensure(user.id);
    if (String(input.wallet_id) !== String(wallet.id)) throw errors.validation({ wallet_id: [WALLET_MESSAGES.notYours] });
    const lines = await this.deps.checkout.priceLines(input.items);
    const subtotal = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.qty, 0);
    const total = subtotal + CHARGE_FEE_KOBO;
    const requestHash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    const customer = input.customer_meta;

    const answer = await db.transaction(async (tx): Promise<StoredAnswer & { fresh: boolean }> => {
      if (idempotencyKey) {
        const earlier = await this.claimKey(tx, user.id, idempotencyKey, requestHash);
        if (earlier) return { ...earlier, fresh: false };
      }
      const { reference, balance, receiptCode } = await this.debitAndRecord(tx, wallet, {
        userId: user.id,
        subtotalKobo: subtotal,
        customerName: `${customer.first_name} ${customer.last_name}`,
        customerEmail: customer.email,
        customerPhone: customer.phone_number,
        hospitalNumber: customer.hospital_number,
        transactionDescription: customer.transaction_description,
        customerMeta: customer,
        lines,
        locale,
      });
      const body = {
        reference,
        status: "completed",
        rrr: null,
        items: cartItemsView(lines),
        amount: koboToDecimal(total),
        subtotal: koboToDecimal(subtotal),
        charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
        payment_method: "wallet",
        message: WALLET_MESSAGES.paid,
        balance: koboToDecimal(balance),
        receipt_code: formatReceiptCode(receiptCode),
      };
      if (idempotencyKey) await wallets.storeIdempotentAnswer(tx, user.id, idempotencyKey, { statusCode: 201, body });
      return { statusCode: 201, body, fresh: true };
    });
    if (answer.fresh) this.deps.mailQueued();
    return { statusCode: answer.statusCode, body: answer.body };
  }

  /**
   * Pays a part of a bill from the wallet: the bill is locked and the part added first, so a part that
   * no longer fits the bill (others paid it meanwhile) is refused before anything is debited; then the
   * same debit, invoice and receipt as a cart payment, the part held against the bill, and the bill's
   * total made revenue when this part pays it in full.
   */
  async payBillPart(
    user: AuthUser,
    part: { billId: number; subtotalKobo: number; line: NewInvoiceItem; payer: { name: string; email: string; phone: string } },
    hospitalNumber: string,
    description: string,
    locale: Locale = DEFAULT_LOCALE,
  ) {
    this.customerOnly(user);
    const { db, wallets, billParts } = this.deps;
    const wallet = await wallets.ensure(user.id);
    const total = part.subtotalKobo + CHARGE_FEE_KOBO;
    const answer = await db.transaction(async (tx) => {
      const bill = await billParts.apply(tx, { billId: part.billId, subtotalKobo: part.subtotalKobo });
      if (!bill.fits) {
        const left =
          bill.bill && bill.bill.status === "open"
            ? bill.bill.totalKobo - bill.bill.hmoKobo - bill.bill.paidKobo - bill.bill.waivedKobo
            : null;
        throw errors.conflict(
          left === null ? MESSAGES.bills.notOpen : MESSAGES.bills.partTooLarge(formatNaira(left)),
          "bill_part_unfit",
        );
      }
      const paid = await this.debitAndRecord(tx, wallet, {
        userId: user.id,
        subtotalKobo: part.subtotalKobo,
        customerName: part.payer.name,
        customerEmail: part.payer.email,
        customerPhone: part.payer.phone,
        hospitalNumber,
        transactionDescription: description,
        customerMeta: {
          name: part.payer.name,
          email: part.payer.email,
          phone: part.payer.phone,
          hospital_number: hospitalNumber,
        },
        lines: [part.line],
        billId: part.billId,
        locale,
      });
      await billParts.recognise(tx, bill, {
        id: paid.invoiceId,
        reference: paid.reference,
        customerName: part.payer.name,
        customerEmail: part.payer.email,
        locale,
      });
      return paid;
    });
    this.deps.mailQueued();
    return {
      reference: answer.reference,
      status: "completed",
      rrr: null,
      items: cartItemsView([part.line]),
      amount: koboToDecimal(total),
      subtotal: koboToDecimal(part.subtotalKobo),
      charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
      payment_method: "wallet",
      message: WALLET_MESSAGES.paid,
      balance: koboToDecimal(answer.balance),
      receipt_code: formatReceiptCode(answer.receiptCode),
    };
  }

  /**
   * The money side of a wallet payment, in the caller's transaction: the conditional debit (refused when
   * the balance is short), the completed invoice, the wallet movement, the ledger entry (a bill's part
   * held in the bill deposits, anything else revenue) and the receipt.
   */
  private async debitAndRecord(
    tx: Queryable,
    wallet: { id: number; accountCode: string },
    payment: Omit<NewInvoice, "reference" | "purpose" | "paymentMethod" | "chargeFeeKobo" | "expiresAt"> & {
      lines: NewInvoiceItem[];
    },
  ): Promise<{ reference: string; invoiceId: number; balance: number; receiptCode: string }> {
    const { wallets, invoices, ledger, mail } = this.deps;
    const total = payment.subtotalKobo + CHARGE_FEE_KOBO;
    const balance = await wallets.debitIfEnough(tx, wallet.id, total);
    // The refusal rolls the transaction back, an Idempotency-Key claimed in it too: after funding the
    // wallet, the same retry may pass.
    if (balance === null) throw new AppError(400, "insufficient_funds", WALLET_MESSAGES.insufficient);
    const reference = newReference();
    const { lines, ...fields } = payment;
    const invoiceId = await invoices.insert(
      tx,
      { ...fields, reference, purpose: "checkout", paymentMethod: "wallet", chargeFeeKobo: CHARGE_FEE_KOBO, expiresAt: null },
      lines,
    );
    const receiptCode = newReceiptCode();
    await invoices.markCompleted(tx, invoiceId, receiptCode);
    await wallets.insertMovement(tx, { walletId: wallet.id, invoiceId, type: "debit", amountKobo: total, status: "completed" });
    await ledger.post(tx, {
      kind: "settlement",
      invoiceId,
      description: `Wallet payment ${reference}`,
      postings: [
        { accountCode: wallet.accountCode, amountKobo: total },
        { accountCode: payment.billId ? BILL_DEPOSITS_ACCOUNT : "revenue:hospital", amountKobo: -payment.subtotalKobo },
        { accountCode: "income:fees", amountKobo: -CHARGE_FEE_KOBO },
      ],
    });
    const invoice = await invoices.findById(invoiceId, tx);
    const items = await invoices.itemsOf([invoiceId], tx);
    await mail.enqueue(receiptMail(invoice!, items, this.deps.publicUrl), tx);
    await this.deps.sms.receipt(tx, invoice!, receiptCode);
    return { reference, invoiceId, balance, receiptCode };
  }

  /**
   * Claims an idempotency key inside the payment's transaction (a concurrent claim of the same key waits
   * for it: WalletsRepository.claimIdempotencyKey). Returns the earlier answer when the key was already
   * used for this same request.
   */
  private async claimKey(tx: Queryable, userId: number, key: string, requestHash: string): Promise<StoredAnswer | null> {
    const { wallets } = this.deps;
    if (await wallets.claimIdempotencyKey(tx, userId, key, requestHash)) return null;
    const row = await wallets.findIdempotencyKey(tx, userId, key);
    if (!row || row.requestHash !== requestHash) throw new AppError(422, "idempotency_key_reused", WALLET_MESSAGES.keyReused);
    if (row.statusCode === null || row.response === null)
      throw errors.conflict("The first request with this Idempotency-Key is still being processed.");
    return { statusCode: row.statusCode, body: JSON.parse(row.response) as Record<string, unknown> };
  }
}
