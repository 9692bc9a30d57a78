import { formatReceiptCode, verifyReceiptUrl, type Locale } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import type { LedgerRepository } from "../ledger/ledger.repository";
import type { MailRepository } from "../mail/mail.repository";
import { billReceiptMail } from "../mail/mail-templates";
import type { InvoiceRecord } from "../payments/invoices.repository";
import { newReceiptCode } from "../receipts/receipt-code";
import type { BillsRepository, PartOutcome } from "./bills.repository";

/** Where the parts of an open bill are held until it is paid in full (or refunded when cancelled). */
export const BILL_DEPOSITS_ACCOUNT = "liability:bill_deposits";

/**
 * The bill's side of a part's settlement, used by every path that completes a part (a gateway's verified
 * payment in SettlementService, a wallet payment in WalletService), inside that path's transaction:
 * `apply` locks the bill and adds the part if it fits, and `recognise` moves the bill's total from the
 * deposits to revenue once the part paid it in full, gives the bill its receipt code (the one the point
 * of care redeems, against the bill's lines) and queues its e-mail, to the patient and to the payer whose
 * part completed it (the caller wakes the mail worker after its commit, as for the part's own receipt).
 */
export class BillParts {
  constructor(
    private readonly bills: BillsRepository,
    private readonly ledger: LedgerRepository,
    private readonly mail: MailRepository,
    private readonly publicUrl: string,
  ) {}

  /** Locks the part's bill and adds what it pays (its subtotal) when the bill is open and it fits. */
  apply(tx: Queryable, invoice: Pick<InvoiceRecord, "billId" | "subtotalKobo">): Promise<PartOutcome> {
    return this.bills.applyPart(tx, invoice.billId!, invoice.subtotalKobo);
  }

  /** After the part's own entry: when it paid the bill in full, the bill's total becomes revenue and the bill gets its receipt code. */
  async recognise(
    tx: Queryable,
    outcome: PartOutcome,
    invoice: Pick<InvoiceRecord, "id" | "reference" | "customerName" | "customerEmail" | "locale">,
  ): Promise<void> {
    if (!outcome.fits || !outcome.nowPaid) return;
    const { bill } = outcome;
    const entry = await this.ledger.post(tx, {
      kind: "bill_revenue",
      invoiceId: invoice.id,
      description: `Bill ${bill.token} paid in full (last part ${invoice.reference}): its total is revenue`,
      postings: [
        { accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: bill.totalKobo },
        { accountCode: "revenue:hospital", amountKobo: -bill.totalKobo },
      ],
    });
    if (entry === null) throw new Error(`invoice ${invoice.reference} already recognised a bill's revenue`);
    const code = newReceiptCode();
    await this.bills.insertReceiptCode(tx, bill.id, code);
    const lines = (await this.bills.itemsOf(bill.id, tx)).map((item) => ({
      name: item.serviceName,
      qty: item.quantity,
      department: item.departmentName,
    }));
    const content = {
      token: bill.token,
      hospitalNumber: bill.hospitalNumber,
      patientName: bill.patientName,
      totalKobo: bill.totalKobo,
      lines,
      code: formatReceiptCode(code),
      verifyUrl: verifyReceiptUrl(this.publicUrl, code),
    };
    // The patient reads it in the bill's language, a payer who is someone else in the one they paid in.
    const recipients = new Map<string, { name: string; locale: Locale }>();
    if (bill.patientEmail) recipients.set(bill.patientEmail.toLowerCase(), { name: bill.patientName, locale: bill.locale });
    if (!recipients.has(invoice.customerEmail.toLowerCase()))
      recipients.set(invoice.customerEmail.toLowerCase(), { name: invoice.customerName, locale: invoice.locale });
    for (const [to, { name, locale }] of recipients) await this.mail.enqueue(billReceiptMail(to, name, content, locale), tx);
  }
}
