import type { DeskMethodKey, GatewayKey } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import type { Posting } from "../ledger";
import type { InvoiceRecord } from "./invoices.repository";

/**
 * Where a payment's money arrived: a gateway, the hospital's own account for a direct transfer, or the desk
 * (cash into a shift's drawer, a card on the desk's terminal).
 */
export type PaymentChannel = GatewayKey | "bank_transfer" | DeskMethodKey;

/**
 * What a payment pays for (a cart, a wallet top-up, a bill's part, a reserved-account credit…), as the
 * settlement sees it: the module that owns the purpose supplies its credit postings and what follows a
 * settlement, and registers it in the PurposeRegistry. SettlementService knows purposes by this interface
 * only, so a new way of being paid is a new purpose, not a new branch in the settlement.
 *
 * Every method runs inside the settling (or closing) transaction, whose caller holds the invoice's row lock.
 */
export interface PaymentPurpose {
  /** The invoice's stored `purpose` this purpose serves. */
  readonly key: string;
  /**
   * For a purpose that shares its key with another (a bill's part is a checkout with a bill): whether this
   * invoice is this purpose's. The registry asks the purposes that claim before the one that does not.
   */
  claims?(invoice: InvoiceRecord): boolean;
  /**
   * Before anything is booked: whether the payment still fits what it pays for (deciding it may lock and
   * change the purpose's own rows, as a bill's part is added to its bill), and if so how it settles.
   */
  begin(tx: Queryable, invoice: InvoiceRecord): Promise<PurposeSettlement | UnfitPayment>;
  /** A payment closed as failed (declined, expired, never started): the purpose's own rows follow it. */
  closed?(tx: Queryable, invoice: InvoiceRecord): Promise<void>;
}

/** A payment that still fits its purpose: the two halves of its settlement around the ledger entry. */
export interface PurposeSettlement {
  fits: true;
  /** How the settlement's ledger entry names the payment ("Payment", "Wallet top-up"). */
  title: string;
  /**
   * The entry's credit postings for the invoice's total (subtotal and fee), the money received being its
   * debit; booking what they credit (a wallet's balance, a hold) in the same transaction.
   */
  credit(tx: Queryable, invoice: InvoiceRecord): Promise<Posting[]>;
  /** After the entry: what follows the settlement in its transaction (receipts, revenue recognition, e-mail, SMS). */
  settled(tx: Queryable, invoice: InvoiceRecord, receiptCode: string): Promise<void>;
}

/** A payment whose money arrived after its purpose no longer needed it: only a staff refund resolves it. */
export interface UnfitPayment {
  fits: false;
  /** The error for a caller that may only settle (staff settling a payment paid short). */
  refusal(): Error;
  /** How the money received is held for the refund, by the settlement (review queue, suspense entry, note). */
  hold(paidKobo: number, channel: PaymentChannel): RefundHold;
}

/** The words of a hold for refund: the review's reason, the suspense entry's kind and description, the check's note. */
export interface RefundHold {
  reason: string;
  entryKind: string;
  description: string;
  note: string;
  /** The warning logged once it is held. */
  log: string;
}

/** The purposes the settlement looks an invoice's purpose up in; each module registers its own. */
export class PurposeRegistry {
  private readonly purposes: PaymentPurpose[] = [];

  /** Adds a purpose; a second purpose for a key without `claims` is refused. */
  register(purpose: PaymentPurpose): this {
    if (!purpose.claims && this.purposes.some((p) => p.key === purpose.key && !p.claims))
      throw new Error(`a purpose is already registered for ${purpose.key}`);
    this.purposes.push(purpose);
    return this;
  }

  /** The purpose of an invoice: one that claims it, else the one registered for its key without claiming. */
  of(invoice: InvoiceRecord): PaymentPurpose {
    const candidates = this.purposes.filter((p) => p.key === invoice.purpose);
    const found = candidates.find((p) => p.claims?.(invoice) === true) ?? candidates.find((p) => !p.claims);
    if (!found) throw new Error(`no payment purpose is registered for invoice ${invoice.reference} (${invoice.purpose})`);
    return found;
  }
}
