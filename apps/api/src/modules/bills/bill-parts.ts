import { formatReceiptCode, LIMITS, verifyReceiptUrl } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import { hmoReceivableAccount } from "../hmos";
import { BILL_DEPOSITS_ACCOUNT, type LedgerRepository } from "../ledger";
import { type MailRepository, billReceiptMail } from "../mail";
import type { SmsService } from "../sms";
import type { InvoiceRecord } from "../payments";
import { newReceiptCode } from "../../lib/receipt-code";
import { partShares, unsplitShares } from "./bill-part-shares";
import { patientPartKobo, type BillsRepository, type PartOutcome } from "./bills.repository";

/** What a part gives one of its bill's lines (by the line's position). */
export interface LineShare {
  position: number;
  kobo: number;
}

/**
 * What adding a part to its bill did: when it fits, also what it gives each of the bill's lines, counted
 * behind the bill's row lock against what the parts before it gave (bill-part-shares.ts).
 */
export type AppliedPart =
  (Extract<PartOutcome, { fits: true }> & { shares: LineShare[] }) | Extract<PartOutcome, { fits: false }>;

/**
 * The name of a part's one line and its payment's description, in receipts, e-mails and staff tables:
 * the patient's first name (as the bill's page shows it) and the bill's lines, "Bill for Kelechi:
 * Consultation × 2, Malaria test", shortened with "…" to fit a description.
 */
export function billPartName(patientName: string, lines: ReadonlyArray<{ serviceName: string; quantity: number }>): string {
  const first = patientName.trim().split(/\s+/)[0] ?? "";
  const listed = lines
    .map((line) => (line.quantity > 1 ? `${line.serviceName} × ${line.quantity}` : line.serviceName))
    .join(", ");
  const name = `Bill for ${first}: ${listed}`;
  const characters = Array.from(name);
  return characters.length <= LIMITS.description ? name : `${characters.slice(0, LIMITS.description - 1).join("")}…`;
}

/**
 * The bill's side of a part's settlement, used by every path that completes a part (a gateway's verified
 * payment or a confirmed bank transfer settled through billPartPurpose, a wallet payment in WalletService),
 * inside that path's transaction: `apply` locks the bill, adds the part if it fits and splits it over the
 * bill's lines; `recognise` writes that split with the part's invoice (the staff dashboards count the part
 * under its lines' departments: migration 0030) and moves the bill's total from the
 * deposits to revenue once the part paid it in full, gives the bill its receipt code (the one the point
 * of care redeems, against the bill's lines) and sends it to the patient only: by e-mail when the bill
 * has an address, by SMS to the patient's phone (so a patient without e-mail has it too). Payers, who
 * hold the bill's link, are never sent it: the bill's page tells them where it went (the caller wakes
 * the mail and SMS workers after its commit, as for the part's own receipt).
 */
export class BillParts {
  constructor(
    private readonly bills: BillsRepository,
    private readonly ledger: LedgerRepository,
    private readonly mail: MailRepository,
    private readonly publicUrl: string,
    private readonly sms: SmsService,
  ) {}

  /**
   * Locks the part's bill and adds what it pays (its subtotal) when the bill is open and it fits; then,
   * still behind the lock, what it gives each of the bill's lines: its cumulative largest-remainder share
   * after what the parts before it gave (those paid before parts were split as one part, paid first).
   */
  async apply(tx: Queryable, invoice: Pick<InvoiceRecord, "billId" | "subtotalKobo">): Promise<AppliedPart> {
    const outcome = await this.bills.applyPart(tx, invoice.billId!, invoice.subtotalKobo);
    if (!outcome.fits) return outcome;
    // An admission's deposit is held for the stay's lines to come: it is split over none (no department's money).
    if (outcome.bill.running) return { ...outcome, shares: [] };
    // The patient's parts pay the patient's part of each line (the HMO's part is its claim's, not theirs), so
    // they are split over the lines the patient pays something of.
    const lines = (await this.bills.itemsOf(outcome.bill.id, tx)).filter((line) => line.lineTotalKobo > line.hmoKobo);
    const given = await this.bills.partLineTotals(tx, outcome.bill.id);
    const totals = lines.map((line) => line.lineTotalKobo - line.hmoKobo);
    const before = unsplitShares(totals, outcome.bill.unsplitKobo).map((kobo, i) => kobo + (given.get(lines[i]!.position) ?? 0));
    const shares = partShares(totals, before, invoice.subtotalKobo);
    return { ...outcome, shares: lines.map((line, i) => ({ position: line.position, kobo: shares[i]! })) };
  }

  /**
   * After the part's own entry: writes its shares of the bill's lines with its invoice; when it paid the
   * bill in full, the bill's total becomes revenue and the bill gets its receipt code.
   */
  async recognise(
    tx: Queryable,
    outcome: AppliedPart | PartOutcome,
    invoice: Pick<InvoiceRecord, "id" | "reference"> | { id: null; reference: string },
  ): Promise<void> {
    if (!outcome.fits) return;
    // A part's shares of the bill's lines go with its invoice; an approved waiver (no invoice) counts under no
    // department: department revenue is the money received.
    if ("shares" in outcome && invoice.id !== null)
      await this.bills.insertPartLines(tx, invoice.id, outcome.bill.id, outcome.shares);
    if (!outcome.nowPaid) return;
    const { bill } = outcome;
    // The last piece is a part (its invoice's one revenue entry) or an approved waiver (no invoice: the bill's
    // row lock and its status, now paid, make it the only one).
    // The patient's part (its parts and waivers) leaves the deposits; an enrollee's HMO now owes its part.
    const patientPart = patientPartKobo(bill);
    const entry = await this.ledger.post(tx, {
      kind: "bill_revenue",
      invoiceId: invoice.id,
      description: `Bill ${bill.token} paid in full (last ${invoice.id === null ? "by" : "part"} ${invoice.reference}): its total is revenue`,
      postings: [
        ...(patientPart > 0 ? [{ accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: patientPart }] : []),
        ...(bill.coverage && bill.hmoKobo > 0
          ? [{ accountCode: hmoReceivableAccount(bill.coverage.hmoId), amountKobo: bill.hmoKobo }]
          : []),
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
    // In the bill's language, the patient's.
    if (bill.patientEmail)
      await this.mail.enqueue(billReceiptMail(bill.patientEmail, bill.patientName, content, bill.locale), tx);
    await this.sms.billReceipt(tx, { token: bill.token, patientPhone: bill.patientPhone, totalKobo: bill.totalKobo }, code);
  }
}
