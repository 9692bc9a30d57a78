import {
  type BillStatus,
  formatNaira,
  koboToDecimal,
  MESSAGES,
  type Refund,
  type RefundPreview,
  type RefundStatus,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { UsersRepository } from "../accounts";
import type { AuditRepository } from "../audit";
import { BILL_DEPOSITS_ACCOUNT, type LedgerRepository, type Posting } from "../ledger";
import { type MailRepository, refundMail } from "../mail";
import type { SmsService } from "../sms";
import type { PaymentReviewsRepository } from "../payment-reviews";
import type { ReceiptsRepository } from "../receipts";
import type { InvoiceRecord, InvoicesRepository } from "../payments";
import { operatedInvoice } from "../bank-transfers";
import type { WalletsRepository } from "../wallet";
import type { WalletCredits } from "../kyc-tiers";
import type { RefundRow, RefundsRepository } from "./refunds.repository";

/** The bill a refunded part paid, as refunds read it (the bills module's BillsRepository). */
export interface RefundBills {
  /** The bill's status (null when there is none), read in the refund's transaction. */
  statusOf(q: Queryable, billId: number): Promise<BillStatus | null>;
}

export interface RefundsServiceDeps {
  db: Database;
  refunds: RefundsRepository;
  /** What was given at the point of care: a refund of a payment whose items were given needs a super admin. */
  receipts: ReceiptsRepository;
  invoices: InvoicesRepository;
  ledger: LedgerRepository;
  wallets: WalletsRepository;
  /** The tier cap check every wallet credit goes through: a refund that does not fit the wallet is held. */
  walletCredits: WalletCredits;
  users: UsersRepository;
  reviews: PaymentReviewsRepository;
  /** Where a bill's part's money sits: held against its bill (open or cancelled), or revenue (paid). */
  bills: RefundBills;
  mail: MailRepository;
  /** The refund's SMS beside its e-mail. */
  sms: SmsService;
  audit: AuditRepository;
  /** An ADMIN's refund above this many kobo waits for a super admin's approval. */
  approvalThresholdKobo: number;
  mailQueued: () => void;
}

export const REFUND_MESSAGES = {
  notFound: "Invoice not found.",
  refundNotFound: "Refund not found.",
  notRefundable: "Only a completed payment can be refunded.",
  topUp: "Wallet top-ups cannot be refunded.",
  completed: "Refund completed.",
  awaitingApproval: "Refund awaiting super admin approval.",
  exists: "This payment already has a refund.",
  depositReturned: "What this deposit paid beyond the stay went back to the wallet at discharge; the rest is the stay's.",
  approved: "Refund approved and completed.",
  alreadyApproved: "This refund was already approved.",
  rejected: "Refund rejected.",
  alreadyRejected: "This refund was already rejected.",
  cannotApprove: "This refund was rejected and cannot be approved.",
  cannotReject: "This refund was already completed and cannot be rejected.",
  awaitingApprovalGiven: MESSAGES.receipts.refundAwaitsGiven,
  completedGiven: MESSAGES.receipts.refundOfGiven,
} as const;

const person = (id: number, name: string, email: string) => ({ id, name, email });

/** A refund as the API answers it. */
export function refundView(row: RefundRow): Refund {
  return {
    id: row.id,
    invoice_reference: row.invoiceReference,
    amount: koboToDecimal(row.amountKobo),
    reason: row.reason,
    status: row.status,
    destination: row.destination,
    payment_method: row.paymentMethod,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    requested_by: person(row.requestedById, row.requestedByName, row.requestedByEmail),
    decided_by: row.decidedById === null ? null : person(row.decidedById, row.decidedByName ?? "", row.decidedByEmail ?? ""),
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** Whether a refund by this staff member waits for a super admin: an admin's above the limit, or of items already given. */
const waitsForApproval = (staff: AuthUser, amountKobo: number, given: boolean, thresholdKobo: number) =>
  staff.role !== "SUPERADMIN" && (amountKobo > thresholdKobo || given);

/** What a refund of this invoice pays back: what a payment paid short received, else its total. */
const refundableKobo = (invoice: InvoiceRecord) => (invoice.inReview ? invoice.reviewReceivedKobo! : invoice.totalKobo);

/**
 * Refunds of completed hospital payments, and of gateway payments paid short (in review: what arrived,
 * out of suspense, back through the gateway). A refund is a new ledger entry reversing the revenue and
 * fee and paying the total back: into the payer's wallet for wallet payments, otherwise out through
 * the channel they paid with. An ADMIN's refund above the threshold, or of a payment whose items were
 * given at the point of care (receipt redemptions), waits for a SUPERADMIN. Every
 * step holds the invoice's row lock, so duplicates and concurrent requests refund once; the ledger's
 * unique (invoice, kind) index is the last guard.
 */
export class RefundsService {
  constructor(private readonly deps: RefundsServiceDeps) {}

  /**
   * What `request` would do for this caller, changing nothing: the amount that would go back, whether
   * items were given against the payment, and whether the refund would wait for a super admin.
   */
  async preview(staff: AuthUser, reference: string): Promise<RefundPreview> {
    const invoice = await this.deps.invoices.findByReference(reference);
    if (!invoice) throw errors.notFound(REFUND_MESSAGES.notFound);
    const amountKobo = refundableKobo(invoice);
    const given = await this.deps.receipts.hasRedemptions(this.deps.db, invoice.id);
    return {
      amount: koboToDecimal(amountKobo),
      items_given: given,
      needs_approval: waitsForApproval(staff, amountKobo, given, this.deps.approvalThresholdKobo),
    };
  }

  async request(staff: AuthUser, reference: string, reason: string) {
    const { db, refunds, invoices, audit, approvalThresholdKobo } = this.deps;
    const outcome = await db.transaction(async (tx) => {
      const invoice = await invoices.lockByReference(tx, reference);
      if (!invoice) throw errors.notFound(REFUND_MESSAGES.notFound);
      const existing = await refunds.liveFor(invoice.id, tx);
      if (existing) return { refundId: existing.id, detail: REFUND_MESSAGES.exists, status: 200 as const, executed: false };
      // A top-up paid short never reached the wallet: what arrived goes back like any short payment.
      if (!invoice.inReview) {
        if (invoice.purpose !== "checkout") throw errors.conflict(REFUND_MESSAGES.topUp, "not_refundable");
        if (invoice.status !== "completed") throw errors.conflict(REFUND_MESSAGES.notRefundable, "not_refundable");
        // The part of an open bill counts towards it: the bill is cancelled first, then its parts refunded.
        if (invoice.billId !== null && (await this.deps.bills.statusOf(tx, invoice.billId)) === "open")
          throw errors.conflict(MESSAGES.bills.openBillRefund, "bill_open");
        // A stay's deposit whose excess went back to the wallet at discharge was refunded in part already.
        if (await this.deps.ledger.hasEntry(tx, invoice.id, "deposit_return"))
          throw errors.conflict(REFUND_MESSAGES.depositReturned, "deposit_returned");
      }

      const amountKobo = refundableKobo(invoice);
      // Items given at the point of care cannot be taken back: whatever the amount, only a super admin refunds them.
      const given = await this.deps.receipts.hasRedemptions(tx, invoice.id);
      const needsApproval = waitsForApproval(staff, amountKobo, given, approvalThresholdKobo);
      const destination =
        !invoice.inReview && invoice.paymentMethod === "wallet" && invoice.userId !== null ? "wallet" : "original_method";
      const refundId = await refunds.insert(tx, {
        invoiceId: invoice.id,
        amountKobo,
        reason,
        status: needsApproval ? "awaiting_approval" : "completed",
        destination,
        requestedBy: staff.id,
      });
      if (needsApproval) {
        await audit.record(tx, {
          actor: staff,
          action: "refund.requested",
          targetType: "refund",
          targetId: refundId,
          summary: `Requested a refund of ${formatNaira(amountKobo)} for ${invoice.reference} (awaiting approval${given ? ": items already given" : ""})`,
          details: {
            invoice_reference: invoice.reference,
            amount: koboToDecimal(amountKobo),
            reason,
            ...(given ? { items_given: true } : {}),
          },
        });
        const detail = given ? REFUND_MESSAGES.awaitingApprovalGiven : REFUND_MESSAGES.awaitingApproval;
        return { refundId, detail, status: 202 as const, executed: false };
      }
      await this.execute(tx, invoice, { refundId, reason, destination, by: staff.id });
      await audit.record(tx, {
        actor: staff,
        action: "refund.completed",
        targetType: "refund",
        targetId: refundId,
        summary: `Refunded ${formatNaira(amountKobo)} for ${invoice.reference}${invoice.inReview ? " (paid short)" : ""}`,
        details: {
          invoice_reference: invoice.reference,
          amount: koboToDecimal(amountKobo),
          reason,
          destination,
          ...(invoice.inReview ? { amount_due: koboToDecimal(invoice.totalKobo) } : {}),
          ...(given ? { items_given: true } : {}),
        },
      });
      const detail = given ? REFUND_MESSAGES.completedGiven : REFUND_MESSAGES.completed;
      return { refundId, detail, status: 200 as const, executed: true };
    });
    if (outcome.executed) this.deps.mailQueued();
    return { status: outcome.status, body: await this.answer(outcome.refundId, outcome.detail) };
  }

  async approve(staff: AuthUser, id: number, note: string | null) {
    return this.decide(staff, id, "completed", note);
  }

  async reject(staff: AuthUser, id: number, note: string) {
    return this.decide(staff, id, "rejected", note);
  }

  async list(status: RefundStatus | null) {
    const [count, rows] = await Promise.all([this.deps.refunds.count(status), this.deps.refunds.list(status)]);
    return { count, results: rows.map(refundView) };
  }

  private async decide(staff: AuthUser, id: number, decision: "completed" | "rejected", note: string | null) {
    const { db, refunds, invoices, audit } = this.deps;
    const found = await refunds.find(id);
    if (!found) throw errors.notFound(REFUND_MESSAGES.refundNotFound);
    const outcome = await db.transaction(async (tx) => {
      // The invoice first, then the refund: the same order as a request, so the two never deadlock.
      const invoice = (await invoices.lockByReference(tx, found.invoiceReference))!;
      const refund = (await refunds.lock(tx, id))!;
      if (refund.status === decision) {
        return {
          executed: false,
          detail: decision === "completed" ? REFUND_MESSAGES.alreadyApproved : REFUND_MESSAGES.alreadyRejected,
        };
      }
      if (refund.status !== "awaiting_approval") {
        throw errors.conflict(
          decision === "completed" ? REFUND_MESSAGES.cannotApprove : REFUND_MESSAGES.cannotReject,
          "already_decided",
        );
      }
      await refunds.decide(tx, id, { status: decision, decidedBy: staff.id, note });
      if (decision === "completed") {
        if (invoice.status !== "completed" && !invoice.inReview) {
          throw errors.conflict(REFUND_MESSAGES.notRefundable, "not_refundable");
        }
        await this.execute(tx, invoice, { refundId: id, reason: found.reason, destination: found.destination, by: staff.id });
      }
      await audit.record(tx, {
        actor: staff,
        action: decision === "completed" ? "refund.approved" : "refund.rejected",
        targetType: "refund",
        targetId: id,
        summary: `${decision === "completed" ? "Approved" : "Rejected"} the refund of ${formatNaira(found.amountKobo)} for ${found.invoiceReference}`,
        details: {
          invoice_reference: found.invoiceReference,
          amount: koboToDecimal(found.amountKobo),
          ...(note ? { note } : {}),
        },
      });
      return {
        executed: decision === "completed",
        detail: decision === "completed" ? REFUND_MESSAGES.approved : REFUND_MESSAGES.rejected,
      };
    });
    if (outcome.executed) this.deps.mailQueued();
    return this.answer(id, outcome.detail);
  }

  /** Moves the money back: one ledger entry, the wallet credit when it goes there, the status, the e-mail. */
  private async execute(
    tx: Queryable,
    invoice: InvoiceRecord,
    refund: { refundId: number; reason: string; destination: RefundRow["destination"]; by: number },
  ) {
    const { ledger, wallets, mail, reviews } = this.deps;
    const amountKobo = refundableKobo(invoice);
    let held = false;
    // A part of a bill not paid in full (a cancelled one) was never revenue: it leaves the bill deposits.
    const billStatus = invoice.billId !== null && !invoice.inReview ? await this.deps.bills.statusOf(tx, invoice.billId) : null;
    const serviceAccount = billStatus !== null && billStatus !== "paid" ? BILL_DEPOSITS_ACCOUNT : "revenue:hospital";
    // Paid short, it was never revenue: what arrived leaves suspense, back out through the gateway it came by.
    const postings: Posting[] = invoice.inReview
      ? [{ accountCode: "suspense:underpayments", amountKobo }]
      : [
          { accountCode: serviceAccount, amountKobo: invoice.subtotalKobo },
          { accountCode: "income:fees", amountKobo: invoice.chargeFeeKobo },
        ];
    if (invoice.inReview) {
      postings.push({ accountCode: `clearing:${invoice.gateway ?? invoice.paymentMethod}`, amountKobo: -amountKobo });
      await reviews.resolve(tx, invoice.id, { kind: "refunded", by: refund.by });
      if (invoice.purpose === "top_up") await wallets.setMovementStatus(tx, invoice.id, "credit", "failed");
    } else if (refund.destination === "wallet") {
      // Into the wallet when the tier's caps allow it, else held in suspense until they do (the customer is told).
      const credit = await this.deps.walletCredits.creditOrHold(tx, {
        userId: invoice.userId!,
        amountKobo: invoice.totalKobo,
        source: { kind: "refund", invoiceId: invoice.id, reference: invoice.reference },
      });
      held = credit.to === "suspense";
      postings.push({ accountCode: credit.accountCode, amountKobo: -invoice.totalKobo });
      await wallets.insertMovement(tx, {
        walletId: (await wallets.ensure(invoice.userId!, tx)).id,
        invoiceId: invoice.id,
        type: "credit",
        amountKobo: invoice.totalKobo,
        status: held ? "held" : "completed",
      });
    } else {
      // Paid back out through the channel the money came in by.
      postings.push({ accountCode: `clearing:${invoice.paymentMethod}`, amountKobo: -invoice.totalKobo });
    }
    const entry = await ledger.post(tx, {
      kind: "refund",
      invoiceId: invoice.id,
      description: `Refund ${refund.refundId} of ${invoice.reference}: ${refund.reason}`,
      postings: postings.filter((posting) => posting.amountKobo !== 0),
    });
    if (entry === null) throw errors.conflict(REFUND_MESSAGES.exists, "already_refunded");
    await this.deps.invoices.markRefunded(tx, invoice.id, `refunded: ${refund.reason}`.slice(0, 500));
    // A refund held over the wallet's tier cap was announced as held (WalletCredits); it is not in the wallet yet.
    if (held) return;
    // The mail goes where the money goes: a wallet refund is the wallet owner's money, whoever the
    // payment was for; otherwise the payment's own contact paid through the channel it returns by. Either
    // way it is written in the language the payment was made in.
    const owner = refund.destination === "wallet" ? await this.deps.users.findById(invoice.userId!, tx) : null;
    const recipient = owner
      ? { email: owner.email, name: owner.firstName }
      : { email: invoice.customerEmail, name: invoice.customerName };
    await mail.enqueue(
      refundMail(
        recipient.email,
        recipient.name,
        {
          reference: invoice.reference,
          amountKobo,
          reason: refund.reason,
          destination: refund.destination,
          method: invoice.paymentMethod,
        },
        invoice.locale,
      ),
      tx,
    );
    await this.deps.sms.refund(tx, {
      recipient: owner ? { userId: owner.id, phone: owner.phoneNumber } : { invoiceId: invoice.id, phone: invoice.customerPhone },
      reference: invoice.reference,
      amountKobo,
      destination: refund.destination,
    });
  }

  private async answer(refundId: number, detail: string) {
    const refund = (await this.deps.refunds.find(refundId))!;
    const invoice = (await this.deps.invoices.findById(refund.invoiceId))!;
    return { detail, refund: refundView(refund), invoice: operatedInvoice(invoice) };
  }
}
