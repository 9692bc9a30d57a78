import {
  AMOUNT_RECEIVED_TOO_LARGE,
  formatNaira,
  koboToDecimal,
  MAX_TOTAL_KOBO,
  MESSAGES,
  nairaToKobo,
  type ConfirmTransferInput,
  type Role,
  type TransferConfirmation,
  type TransferConfirmationStatus,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import { isSettleable, type InvoiceRecord, type InvoicesRepository, type SettlementService } from "../payments";
import type { TransferConfirmationRow, BankTransfersRepository } from "./bank-transfers.repository";

export interface TransferConfirmationDeps {
  db: Database;
  invoices: InvoicesRepository;
  transfers: BankTransfersRepository;
  settlement: SettlementService;
  audit: AuditRepository;
  /** An agent's confirmation with more than this many kobo above the amount due waits for an approver. */
  excessToleranceKobo: number;
}

/** Who may approve a confirmation that waits, and whose own confirmations never wait. */
export const TRANSFER_APPROVERS = ["ADMIN", "SUPERADMIN"] as const satisfies readonly Role[];

export const TRANSFER_MESSAGES = {
  notFound: "Invoice not found.",
  confirmationNotFound: "Transfer confirmation not found.",
  notBankTransfer: "Only bank transfer payments are confirmed by staff.",
  notPending: (status: string) => `This payment is ${status} and cannot be confirmed.`,
  short: (dueKobo: number) => `The amount received is less than the amount due (${formatNaira(dueKobo)}).`,
  referenceUsed: (reference: string) => `This bank transfer reference was already used to confirm ${reference}.`,
  confirmed: "Transfer confirmed.",
  alreadyConfirmed: "This transfer was already confirmed.",
  awaitingApproval: "Transfer awaiting admin approval.",
  approved: "Transfer approved and settled.",
  rejected: "Transfer confirmation rejected.",
  alreadyApproved: "This transfer confirmation was already approved.",
  alreadyRejected: "This transfer confirmation was already rejected.",
  cannotApprove: "This transfer confirmation was rejected and cannot be approved.",
  cannotReject: "This transfer confirmation was already settled and cannot be rejected.",
} as const;

/** What an audit summary adds for a bill's part its bill no longer needed: held in review for a refund. */
const HELD_SUFFIX = " (its bill no longer needed it: held in review for a refund)";

/** The invoice as an operation leaves it. */
export const operatedInvoice = (invoice: InvoiceRecord) => ({
  reference: invoice.reference,
  status: invoice.status,
  payment_method: invoice.paymentMethod,
  total_amount: koboToDecimal(invoice.totalKobo),
  paid_at: invoice.paidAt?.toISOString() ?? null,
});

const person = (id: number, name: string, email: string) => ({ id, name, email });

/** A confirmation as the API answers it. */
export function transferConfirmationView(row: TransferConfirmationRow): TransferConfirmation {
  return {
    id: row.id,
    invoice_reference: row.invoiceReference,
    transfer_reference: row.transferReference,
    amount_due: koboToDecimal(row.amountDueKobo),
    amount_received: koboToDecimal(row.amountReceivedKobo),
    excess: koboToDecimal(Math.max(row.amountReceivedKobo - row.amountDueKobo, 0)),
    status: row.status,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    confirmed_by: person(row.confirmedById, row.confirmedByName, row.confirmedByEmail),
    decided_by: row.decidedById === null ? null : person(row.decidedById, row.decidedByName ?? "", row.decidedByEmail ?? ""),
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Staff confirm a direct bank transfer once they have seen the money in the hospital's account.
 * Confirming settles the invoice through the same ledger path as a gateway payment (from the
 * `clearing:bank_transfer` account), behind the invoice's row lock, so duplicates and concurrent
 * clicks confirm once; a bank reference can confirm one invoice only. What arrived above the amount
 * due is owed back to the payer (`liability:overpayments`); an agent's confirmation whose excess is
 * above the tolerance settles nothing until an admin approves it (a typo of a few zeros would
 * otherwise book millions the hospital never had), as an admin's large refund waits for a super admin.
 */
export class TransferConfirmationService {
  constructor(private readonly deps: TransferConfirmationDeps) {}

  async confirm(staff: AuthUser, reference: string, input: ConfirmTransferInput) {
    const { db, invoices, transfers, settlement, audit, excessToleranceKobo } = this.deps;
    const receivedKobo = nairaToKobo(input.amount_received);
    if (receivedKobo === null || receivedKobo <= 0) throw errors.validation({ amount_received: ["Enter a valid amount."] });
    if (receivedKobo > MAX_TOTAL_KOBO) throw errors.validation({ amount_received: [AMOUNT_RECEIVED_TOO_LARGE] });
    const transferReference = input.transfer_reference.trim();
    const outcome = await db.transaction(async (tx) => {
      const invoice = await invoices.lockByReference(tx, reference);
      if (!invoice) throw errors.notFound(TRANSFER_MESSAGES.notFound);
      if (invoice.paymentMethod !== "bank_transfer")
        throw errors.conflict(TRANSFER_MESSAGES.notBankTransfer, "not_bank_transfer");
      const live = await transfers.liveFor(invoice.id, tx);
      if (live) return { id: live.id, settled: false, awaiting: live.status === "awaiting_approval", held: false, invoice };
      if (!isSettleable(invoice)) throw errors.conflict(TRANSFER_MESSAGES.notPending(invoice.status), "not_pending");
      if (receivedKobo < invoice.totalKobo)
        throw errors.validation({ amount_received: [TRANSFER_MESSAGES.short(invoice.totalKobo)] });
      const excess = receivedKobo - invoice.totalKobo;
      const awaiting = !(TRANSFER_APPROVERS as readonly Role[]).includes(staff.role) && excess > excessToleranceKobo;
      const usedBy = await transfers.invoiceUsing(tx, transferReference);
      if (usedBy) throw errors.validation({ transfer_reference: [TRANSFER_MESSAGES.referenceUsed(usedBy)] });
      const id = await transfers.insert(tx, {
        invoiceId: invoice.id,
        transferReference,
        amountReceivedKobo: receivedKobo,
        status: awaiting ? "awaiting_approval" : "settled",
        confirmedBy: staff.id,
      });
      if (id === null) {
        const used = await transfers.invoiceUsing(tx, transferReference);
        throw errors.validation({ transfer_reference: [TRANSFER_MESSAGES.referenceUsed(used ?? "another invoice")] });
      }
      const details = {
        transfer_reference: transferReference,
        amount_received: koboToDecimal(receivedKobo),
        amount_due: koboToDecimal(invoice.totalKobo),
        ...(excess > 0 ? { overpaid: koboToDecimal(excess) } : {}),
      };
      if (awaiting) {
        await audit.record(tx, {
          actor: staff,
          action: "transfer.requested",
          targetType: "invoice",
          targetId: invoice.reference,
          summary: `Confirmed bank transfer ${transferReference} of ${formatNaira(receivedKobo)} for ${invoice.reference} (awaiting approval: ${formatNaira(excess)} above the amount due)`,
          details: { confirmation_id: id, ...details },
        });
        return { id, settled: false, awaiting: true, held: false, invoice };
      }
      // A bill's part its bill no longer needs is held for a refund: the money is here, but never overpays the bill.
      const settled = await settlement.settleOrHoldLocked(tx, invoice, receivedKobo, "bank_transfer");
      await audit.record(tx, {
        actor: staff,
        action: "transfer.confirmed",
        targetType: "invoice",
        targetId: invoice.reference,
        summary: `Confirmed bank transfer ${transferReference} of ${formatNaira(receivedKobo)} for ${invoice.reference}${settled ? "" : HELD_SUFFIX}`,
        details: settled ? details : { ...details, held_for_refund: true },
      });
      return { id, settled, awaiting: false, held: !settled, invoice };
    });
    if (outcome.settled) settlement.announceSettled(outcome.invoice, receivedKobo, "bank_transfer");
    const detail = outcome.settled
      ? TRANSFER_MESSAGES.confirmed
      : outcome.held
        ? MESSAGES.bills.partUnfit
        : outcome.awaiting
          ? TRANSFER_MESSAGES.awaitingApproval
          : TRANSFER_MESSAGES.alreadyConfirmed;
    const answer = await this.answer(outcome.id, detail);
    return { status: outcome.awaiting ? (202 as const) : (200 as const), body: { ...answer, confirmed: outcome.settled } };
  }

  async approve(staff: AuthUser, id: number, note: string | null) {
    return this.decide(staff, id, "settled", note);
  }

  async reject(staff: AuthUser, id: number, note: string) {
    return this.decide(staff, id, "rejected", note);
  }

  async list(status: TransferConfirmationStatus | null) {
    const { transfers } = this.deps;
    const [count, rows] = await Promise.all([transfers.count(status), transfers.list(status)]);
    return { count, results: rows.map(transferConfirmationView) };
  }

  /** An approver's decision on a confirmation that waits: approving settles it (once), rejecting settles nothing. */
  private async decide(staff: AuthUser, id: number, decision: "settled" | "rejected", note: string | null) {
    const { db, invoices, transfers, settlement, audit } = this.deps;
    const found = await transfers.find(id);
    if (!found) throw errors.notFound(TRANSFER_MESSAGES.confirmationNotFound);
    const approving = decision === "settled";
    const outcome = await db.transaction(async (tx) => {
      // The invoice first, then the confirmation: the same order as a confirmation, so the two never deadlock.
      const invoice = (await invoices.lockByReference(tx, found.invoiceReference))!;
      const confirmation = (await transfers.lock(tx, id))!;
      if (confirmation.status !== "awaiting_approval") {
        const repeated = confirmation.status === decision;
        const detail = approving
          ? repeated
            ? TRANSFER_MESSAGES.alreadyApproved
            : TRANSFER_MESSAGES.cannotApprove
          : repeated
            ? TRANSFER_MESSAGES.alreadyRejected
            : TRANSFER_MESSAGES.cannotReject;
        throw errors.conflict(detail, "already_decided");
      }
      await transfers.decide(tx, id, { status: decision, decidedBy: staff.id, note });
      let settled = false;
      if (approving) {
        if (!isSettleable(invoice)) throw errors.conflict(TRANSFER_MESSAGES.notPending(invoice.status), "not_pending");
        settled = await settlement.settleOrHoldLocked(tx, invoice, found.amountReceivedKobo, "bank_transfer");
      }
      const excess = found.amountReceivedKobo - found.amountDueKobo;
      await audit.record(tx, {
        actor: staff,
        action: approving ? "transfer.approved" : "transfer.rejected",
        targetType: "invoice",
        targetId: found.invoiceReference,
        summary: `${approving ? "Approved" : "Rejected"} bank transfer ${found.transferReference} of ${formatNaira(found.amountReceivedKobo)} for ${found.invoiceReference}${approving && !settled ? HELD_SUFFIX : ""}`,
        details: {
          confirmation_id: id,
          transfer_reference: found.transferReference,
          amount_received: koboToDecimal(found.amountReceivedKobo),
          amount_due: koboToDecimal(found.amountDueKobo),
          ...(excess > 0 ? { overpaid: koboToDecimal(excess) } : {}),
          ...(note ? { note } : {}),
          ...(approving && !settled ? { held_for_refund: true } : {}),
        },
      });
      return { invoice, settled };
    });
    if (outcome.settled) settlement.announceSettled(outcome.invoice, found.amountReceivedKobo, "bank_transfer");
    if (approving && !outcome.settled) return this.answer(id, MESSAGES.bills.partUnfit);
    return this.answer(id, approving ? TRANSFER_MESSAGES.approved : TRANSFER_MESSAGES.rejected);
  }

  private async answer(id: number, detail: string) {
    const confirmation = (await this.deps.transfers.find(id))!;
    const invoice = (await this.deps.invoices.findById(confirmation.invoiceId))!;
    return { detail, confirmation: transferConfirmationView(confirmation), invoice: operatedInvoice(invoice) };
  }
}
