import {
  formatNaira,
  koboToDecimal,
  MAX_TOTAL_KOBO,
  nairaToKobo,
  type PaymentReview,
  type SettleReviewInput,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import { errors, isUniqueViolation } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import type { InvoiceRecord, InvoicesRepository, SettlementService } from "../payments";
import { operatedInvoice, type BankTransfersRepository } from "../bank-transfers";
import type { PaymentReviewRow, PaymentReviewsRepository } from "./payment-reviews.repository";

export interface PaymentReviewsDeps {
  db: Database;
  reviews: PaymentReviewsRepository;
  invoices: InvoicesRepository;
  settlement: SettlementService;
  audit: AuditRepository;
  /** Knows which invoice a bank reference already paid. */
  transfers: BankTransfersRepository;
}

export const REVIEW_MESSAGES = {
  notFound: "Invoice not found.",
  notInReview: "This payment is not awaiting review.",
  refundAsked: "A refund of this payment was asked for; it cannot be settled.",
  amount: "Enter a valid amount.",
  tooLarge: `A balance cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`,
  stillShort: (receivedKobo: number, dueKobo: number) =>
    `With the ${formatNaira(receivedKobo)} received, this is still less than the amount due (${formatNaira(dueKobo)}).`,
  referenceUsed: (reference: string) => `This bank transfer reference was already used to confirm ${reference}.`,
  settled: "Payment settled.",
  refundOnly: "This payment paid a part of a bill that no longer needed it: it can only be refunded.",
} as const;

/** An open review as the queue answers it. */
export function paymentReviewView(row: PaymentReviewRow): PaymentReview {
  return {
    reference: row.reference,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    payment_method: row.paymentMethod,
    amount_due: koboToDecimal(row.amountDueKobo),
    amount_received: koboToDecimal(row.amountReceivedKobo),
    received_at: row.needsReviewAt.toISOString(),
    refund: row.refundId === null ? null : { id: row.refundId, status: row.refundStatus! },
  };
}

/**
 * Gateway payments paid short, waiting for staff (the settlement service opens them). Staff either refund
 * what arrived (the refunds module, with its approval threshold) or, once the payer has sent the balance to
 * the hospital's bank account, settle: the invoice completes only when what the gateway received plus the
 * balance typed covers the amount due, and the ledger takes each part from where it sits (suspense, and
 * the hospital's bank account), any excess owed back as an overpayment.
 */
export class PaymentReviewsService {
  constructor(private readonly deps: PaymentReviewsDeps) {}

  async list() {
    const [count, rows] = await Promise.all([this.deps.reviews.countOpen(), this.deps.reviews.listOpen()]);
    return { count, results: rows.map(paymentReviewView) };
  }

  async settle(staff: AuthUser, reference: string, input: SettleReviewInput) {
    const { db, reviews, invoices, settlement, audit } = this.deps;
    const balanceKobo = nairaToKobo(input.balance_received);
    if (balanceKobo === null || balanceKobo <= 0) throw errors.validation({ balance_received: [REVIEW_MESSAGES.amount] });
    if (balanceKobo > MAX_TOTAL_KOBO) throw errors.validation({ balance_received: [REVIEW_MESSAGES.tooLarge] });
    const transferReference = input.transfer_reference.trim();

    let outcome: { invoice: InvoiceRecord; receivedKobo: number };
    try {
      outcome = await db.transaction(async (tx) => {
        const invoice = await invoices.lockByReference(tx, reference);
        if (!invoice) throw errors.notFound(REVIEW_MESSAGES.notFound);
        const review = await reviews.find(tx, invoice.id);
        if (!review || review.resolvedAt !== null) throw errors.conflict(REVIEW_MESSAGES.notInReview, "not_in_review");
        if (review.refundAsked) throw errors.conflict(REVIEW_MESSAGES.refundAsked, "refund_asked");
        if (review.reason !== "underpaid") throw errors.conflict(REVIEW_MESSAGES.refundOnly, "refund_only");
        const receivedKobo = review.amountReceivedKobo + balanceKobo;
        if (receivedKobo < invoice.totalKobo) {
          throw errors.validation({
            balance_received: [REVIEW_MESSAGES.stillShort(review.amountReceivedKobo, invoice.totalKobo)],
          });
        }
        const used = await this.deps.transfers.invoiceUsing(tx, transferReference);
        if (used) throw errors.validation({ transfer_reference: [REVIEW_MESSAGES.referenceUsed(used)] });

        await reviews.resolve(tx, invoice.id, {
          kind: "settled",
          by: staff.id,
          balanceKobo,
          balanceReference: transferReference,
        });
        await settlement.settleLocked(tx, invoice, receivedKobo, "bank_transfer", {
          sources: [
            { accountCode: "suspense:underpayments", amountKobo: review.amountReceivedKobo },
            { accountCode: "clearing:bank_transfer", amountKobo: balanceKobo },
          ],
          via: `${invoice.gateway ?? invoice.paymentMethod} (short) and a bank transfer`,
        });
        const excess = receivedKobo - invoice.totalKobo;
        await audit.record(tx, {
          actor: staff,
          action: "payment_review.settled",
          targetType: "invoice",
          targetId: invoice.reference,
          summary: `Settled ${invoice.reference} paid short: ${formatNaira(review.amountReceivedKobo)} by ${invoice.paymentMethod} and ${formatNaira(balanceKobo)} by bank transfer ${transferReference}`,
          details: {
            amount_due: koboToDecimal(invoice.totalKobo),
            amount_received: koboToDecimal(review.amountReceivedKobo),
            balance_received: koboToDecimal(balanceKobo),
            transfer_reference: transferReference,
            ...(excess > 0 ? { overpaid: koboToDecimal(excess) } : {}),
          },
        });
        return { invoice, receivedKobo };
      });
    } catch (error) {
      // Two payments settled at the same moment with one bank reference: the unique index decides.
      if (isUniqueViolation(error))
        throw errors.validation({ transfer_reference: [REVIEW_MESSAGES.referenceUsed("another invoice")] });
      throw error;
    }

    settlement.announceSettled(outcome.invoice, outcome.receivedKobo, "bank_transfer");
    const invoice = (await invoices.findById(outcome.invoice.id))!;
    return { detail: REVIEW_MESSAGES.settled, invoice: operatedInvoice(invoice) };
  }
}
