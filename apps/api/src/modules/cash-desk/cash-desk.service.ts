import {
  CASH_DESK_MESSAGES,
  DEFAULT_LOCALE,
  formatNaira,
  formatReceiptCode,
  koboToDecimal,
  LIMITS,
  MAX_TOTAL_KOBO,
  nairaToKobo,
  type DeskPaymentInput,
  type DeskPaymentResponse,
  type Locale,
  type PosSettlementInput,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { errors, isUniqueViolation } from "../../lib/errors";
import type { AuditRepository } from "../audit";
import { owedKobo, type BillRecord, type BillsRepository, type BillsService } from "../bills";
import type { LedgerRepository } from "../ledger";
import {
  newReference,
  type CheckoutService,
  type InvoiceRecord,
  type InvoicesRepository,
  type NewInvoiceItem,
  type SettlementService,
} from "../payments";
import { drawerAccount } from "../shifts";
import { POS_CLEARING, type CashDeskRepository } from "./cash-desk.repository";

export interface CashDeskDeps {
  db: Database;
  desk: CashDeskRepository;
  invoices: InvoicesRepository;
  settlement: SettlementService;
  bills: BillsService;
  billsRepository: BillsRepository;
  checkout: CheckoutService;
  ledger: LedgerRepository;
  audit: AuditRepository;
}

const TEXT = CASH_DESK_MESSAGES;

/**
 * Cash and POS at the desk: a member who collects money takes a bill's part or a cart, inside their open shift,
 * as a payment of its own (method cash or pos, no charge fee) settled at once through the one settlement, its
 * money received into the shift's drawer (cash) or the POS clearing account (card). The bill's purpose decides
 * behind the bill's lock whether the part still fits, as for every other channel, so the desk never overpays a
 * bill however many payers pay it at once.
 */
export class CashDeskService {
  constructor(private readonly deps: CashDeskDeps) {}

  async pay(staff: AuthUser, input: DeskPaymentInput, locale: Locale = DEFAULT_LOCALE): Promise<DeskPaymentResponse> {
    const { db, desk, invoices, settlement } = this.deps;
    const { lines, billId, hospitalNumber, description } = await this.whatIsPaid(input);
    const subtotal = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.qty, 0);
    if (subtotal > MAX_TOTAL_KOBO)
      throw errors.validation({ amount: [`A single payment cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`] });
    const tendered = input.tendered === undefined ? null : nairaToKobo(input.tendered)!;
    if (input.method === "cash" && tendered !== null && tendered < subtotal)
      throw errors.validation({ tendered: [TEXT.tenderedTooLittle] });
    const terminalReference = input.method === "pos" ? input.terminal_reference!.toUpperCase() : null;

    let paid: { invoice: InvoiceRecord; receiptCode: string; bill: BillRecord | null };
    try {
      paid = await db.transaction(async (tx) => {
        const { collectsMoney, shift } = await desk.lockOpenShift(tx, staff.id);
        if (!collectsMoney) throw errors.forbidden(TEXT.collectsNoMoney, "collects_no_money");
        if (!shift) throw errors.conflict(TEXT.noOpenShift, "no_open_shift");
        if (shift.awaitingSignoff) throw errors.conflict(TEXT.awaitingSignoff, "awaiting_signoff");
        // The bill first, as the wallet and the gateways' settlements lock it: before the new invoice's row
        // (and the staff dashboards' day totals its insert writes), so no two of them wait on each other.
        const bill = billId === null ? null : await this.deps.billsRepository.lockById(tx, billId);
        const reference = newReference();
        const invoice = await invoices.insertRecord(
          tx,
          {
            reference,
            userId: null,
            purpose: "checkout",
            paymentMethod: input.method,
            subtotalKobo: subtotal,
            chargeFeeKobo: 0,
            customerName: input.payer_name,
            customerEmail: input.payer_email ?? "",
            customerPhone: input.payer_phone ?? "",
            hospitalNumber,
            transactionDescription: description,
            customerMeta: {
              name: input.payer_name,
              email: input.payer_email ?? null,
              phone: input.payer_phone ?? null,
              hospital_number: hospitalNumber,
              taken_by: staff.id,
              ...(terminalReference ? { terminal_reference: terminalReference } : {}),
            },
            expiresAt: null,
            billId,
            locale,
          },
          lines,
        );
        await desk.insertPayment(tx, {
          invoiceId: invoice.id,
          shiftId: shift.shiftId,
          staffId: staff.id,
          method: input.method,
          terminalReference,
        });
        const received = input.method === "cash" ? drawerAccount(shift.shiftId) : POS_CLEARING;
        const receiptCode = await settlement.settleLocked(tx, invoice, subtotal, input.method, {
          sources: [{ accountCode: received, amountKobo: subtotal }],
          via:
            input.method === "cash"
              ? `cash at the desk (shift ${shift.shiftId})`
              : `POS at the desk (slip ${terminalReference}, shift ${shift.shiftId})`,
        });
        // The bill as this part left it (the part fitted, or settleLocked refused it).
        const after = bill && { ...bill, paidKobo: bill.paidKobo + subtotal };
        return {
          invoice,
          receiptCode,
          bill: after && { ...after, status: owedKobo(after) === 0 ? ("paid" as const) : after.status },
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(TEXT.terminalReferenceUsed, "terminal_reference_used");
      throw error;
    }
    settlement.announceSettled(paid.invoice, subtotal, input.method);
    const { bill } = paid;
    return {
      detail: TEXT.paid,
      reference: paid.invoice.reference,
      status: "completed",
      method: input.method,
      amount: koboToDecimal(subtotal),
      change: tendered === null ? null : koboToDecimal(tendered - subtotal),
      receipt_code: formatReceiptCode(paid.receiptCode),
      bill: bill && {
        token: bill.token,
        status: bill.status,
        total: koboToDecimal(bill.totalKobo),
        paid: koboToDecimal(bill.paidKobo),
        left: koboToDecimal(owedKobo(bill)),
      },
    };
  }

  /** What a desk payment pays: a bill's part (checked as any part is) or a cart priced from the catalogue. */
  private async whatIsPaid(input: DeskPaymentInput): Promise<{
    lines: NewInvoiceItem[];
    billId: number | null;
    hospitalNumber: string;
    description: string;
  }> {
    if (input.bill_token) {
      const { bill, line, description } = await this.deps.bills.part(input.bill_token, input.amount!);
      return { lines: [line], billId: bill.id, hospitalNumber: bill.hospitalNumber, description };
    }
    const lines = await this.deps.checkout.priceLines(input.items!);
    const description = lines.map((line) => (line.qty > 1 ? `${line.serviceName} × ${line.qty}` : line.serviceName)).join(", ");
    return {
      lines,
      billId: null,
      hospitalNumber: input.hospital_number,
      description: Array.from(description).slice(0, LIMITS.description).join(""),
    };
  }

  /**
   * What the acquirer paid into the hospital's bank for the desk's card payments: from the POS clearing
   * account to the bank, its fee an expense; never more than awaits settlement, each reference once (audited).
   */
  async recordPosSettlement(admin: AuthUser, input: PosSettlementInput) {
    const { db, desk, ledger, audit } = this.deps;
    const amount = nairaToKobo(input.amount)!;
    const fee = nairaToKobo(input.fee)!;
    if (amount <= 0) throw errors.validation({ amount: ["Enter a valid amount."] });
    try {
      return await db.transaction(async (tx) => {
        const awaiting = await desk.lockPosAwaiting(tx);
        if (amount > awaiting) throw errors.validation({ amount: [TEXT.posSettlementTooLarge(formatNaira(awaiting))] });
        const id = await desk.insertPosSettlement(tx, {
          reference: input.reference,
          settledOn: input.settled_on,
          amountKobo: amount,
          feeKobo: fee,
          by: admin.id,
        });
        await ledger.post(tx, {
          kind: "pos_settlement",
          invoiceId: null,
          description: `POS settlement ${input.reference} of ${input.settled_on}: ${formatNaira(amount)} (fee ${formatNaira(fee)})`,
          postings: [
            { accountCode: "clearing:bank_transfer", amountKobo: amount - fee },
            { accountCode: "expense:pos_fees", amountKobo: fee },
            { accountCode: POS_CLEARING, amountKobo: -amount },
          ].filter((posting) => posting.amountKobo !== 0),
        });
        await audit.record(tx, {
          actor: admin,
          action: "desk.pos_settled",
          targetType: "pos_settlement",
          targetId: id,
          summary: `Recorded POS settlement ${input.reference}: ${formatNaira(amount)}, fee ${formatNaira(fee)}`,
          details: { reference: input.reference, settled_on: input.settled_on, amount_kobo: amount, fee_kobo: fee },
        });
        return {
          detail: TEXT.posSettled,
          settlement: {
            id,
            reference: input.reference,
            settled_on: input.settled_on,
            amount: koboToDecimal(amount),
            fee: koboToDecimal(fee),
            awaiting: koboToDecimal(awaiting - amount),
          },
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(TEXT.posSettlementUsed, "pos_settlement_used");
      throw error;
    }
  }
}
