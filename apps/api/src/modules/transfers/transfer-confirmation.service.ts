import { formatNaira, koboToDecimal, nairaToKobo, type ConfirmTransferInput } from "@hospipay/contract";
import type { Database } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../plugins/access";
import type { AuditRepository } from "../audit/audit.repository";
import { isSettleable, type InvoiceRecord, type InvoicesRepository } from "../payments/invoices.repository";
import type { SettlementService } from "../payments/settlement.service";

export interface TransferConfirmationDeps {
  db: Database;
  invoices: InvoicesRepository;
  settlement: SettlementService;
  audit: AuditRepository;
}

export const TRANSFER_MESSAGES = {
  notFound: "Invoice not found.",
  notBankTransfer: "Only bank transfer payments are confirmed by staff.",
  notPending: (status: string) => `This payment is ${status} and cannot be confirmed.`,
  short: (dueKobo: number) => `The amount received is less than the amount due (${formatNaira(dueKobo)}).`,
  referenceUsed: (reference: string) => `This bank transfer reference was already used to confirm ${reference}.`,
  confirmed: "Transfer confirmed.",
  alreadyConfirmed: "This transfer was already confirmed.",
} as const;

/** The invoice as an operation leaves it. */
export const operatedInvoice = (invoice: InvoiceRecord) => ({
  reference: invoice.reference,
  status: invoice.status,
  payment_method: invoice.paymentMethod,
  total_amount: koboToDecimal(invoice.totalKobo),
  paid_at: invoice.paidAt?.toISOString() ?? null,
});

/**
 * Staff confirm a direct bank transfer once they have seen the money in the hospital's account.
 * Confirming settles the invoice through the same ledger path as a gateway payment (from the
 * `clearing:bank_transfer` account), behind the invoice's row lock, so duplicates and concurrent
 * clicks confirm once; a bank reference can confirm one invoice only.
 */
export class TransferConfirmationService {
  constructor(private readonly deps: TransferConfirmationDeps) {}

  async confirm(staff: AuthUser, reference: string, input: ConfirmTransferInput) {
    const { db, invoices, settlement, audit } = this.deps;
    const receivedKobo = nairaToKobo(input.amount_received);
    if (receivedKobo === null || receivedKobo <= 0) throw errors.validation({ amount_received: ["Enter a valid amount."] });
    const transferReference = input.transfer_reference.trim();

    const outcome = await db.transaction(async (tx) => {
      const invoice = await invoices.lockByReference(tx, reference);
      if (!invoice) throw errors.notFound(TRANSFER_MESSAGES.notFound);
      if (invoice.paymentMethod !== "bank_transfer")
        throw errors.conflict(TRANSFER_MESSAGES.notBankTransfer, "not_bank_transfer");
      const done = await tx.query(`SELECT 1 FROM transfer_confirmations WHERE invoice_id = $1`, [invoice.id]);
      if (done.rows.length > 0) return { confirmed: false, invoice };
      if (!isSettleable(invoice)) throw errors.conflict(TRANSFER_MESSAGES.notPending(invoice.status), "not_pending");
      if (receivedKobo < invoice.totalKobo)
        throw errors.validation({ amount_received: [TRANSFER_MESSAGES.short(invoice.totalKobo)] });
      // The unique bank reference decides, even between two invoices confirmed at the same moment.
      const inserted = await tx.query(
        `INSERT INTO transfer_confirmations (invoice_id, transfer_reference, amount_received_kobo, confirmed_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (transfer_reference) DO NOTHING RETURNING invoice_id`,
        [invoice.id, transferReference, receivedKobo, staff.id],
      );
      if (inserted.rows.length === 0) {
        const used = await tx.query<{ reference: string }>(
          `SELECT i.reference FROM transfer_confirmations t JOIN invoices i ON i.id = t.invoice_id WHERE t.transfer_reference = $1`,
          [transferReference],
        );
        throw errors.validation({
          transfer_reference: [TRANSFER_MESSAGES.referenceUsed(used.rows[0]?.reference ?? "another invoice")],
        });
      }
      await settlement.settleLocked(tx, invoice, receivedKobo, "bank_transfer");
      const excess = receivedKobo - invoice.totalKobo;
      await audit.record(tx, {
        actor: staff,
        action: "transfer.confirmed",
        targetType: "invoice",
        targetId: invoice.reference,
        summary: `Confirmed bank transfer ${transferReference} of ${formatNaira(receivedKobo)} for ${invoice.reference}`,
        details: {
          transfer_reference: transferReference,
          amount_received: koboToDecimal(receivedKobo),
          amount_due: koboToDecimal(invoice.totalKobo),
          ...(excess > 0 ? { overpaid: koboToDecimal(excess) } : {}),
        },
      });
      return { confirmed: true, invoice };
    });

    if (outcome.confirmed) settlement.announceSettled(outcome.invoice, receivedKobo, "bank_transfer");
    const invoice = (await invoices.findById(outcome.invoice.id))!;
    return {
      detail: outcome.confirmed ? TRANSFER_MESSAGES.confirmed : TRANSFER_MESSAGES.alreadyConfirmed,
      confirmed: outcome.confirmed,
      invoice: operatedInvoice(invoice),
    };
  }
}
