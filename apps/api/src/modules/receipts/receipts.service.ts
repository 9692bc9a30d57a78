import {
  formatNaira,
  formatReceiptCode,
  formatWatDateTime,
  koboToDecimal,
  MESSAGES,
  type PublicReceipt,
  type RedeemReceiptInput,
  type ReceiptStatus,
  type StaffReceipt,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../plugins/access";
import type { AuditRepository } from "../audit/audit.repository";
import { CANCELLED_REASON } from "../payments/invoices.repository";
import type {
  BillReceiptRow,
  NewRedemption,
  ReceiptItemRow,
  ReceiptRow,
  ReceiptsRepository,
  RedemptionRow,
} from "./receipts.repository";

export interface ReceiptsServiceDeps {
  db: Database;
  receipts: ReceiptsRepository;
  audit: AuditRepository;
}

const TEXT = MESSAGES.receipts;

/** Where a receipt's payment stands, as the point of care reads it. */
export function receiptStatus(row: Pick<ReceiptRow, "status" | "failureReason">): ReceiptStatus {
  if (row.status === "completed") return "paid";
  if (row.status === "refunded") return "refunded";
  if (row.status === "failed" && row.failureReason === CANCELLED_REASON) return "cancelled";
  return "not_paid";
}

/** Where a bill's receipt stands: paid in full, cancelled, or paid and then a part of it refunded. */
export function billReceiptStatus(row: Pick<BillReceiptRow, "status" | "partRefunded">): ReceiptStatus {
  if (row.status === "cancelled") return "cancelled";
  if (row.status !== "paid") return "not_paid";
  return row.partRefunded ? "refunded" : "paid";
}

/** Department names compared as people type them: case and surrounding spaces do not matter. */
const sameDepartment = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Receipt codes at the point of care. Anybody may check a code's validity (paid or not, amount, date:
 * nothing about whom it was for or what it bought); staff see the items and what was given, and mark
 * items given, per department, once. A redemption holds the payment's row (shared) and its item rows
 * (exclusively) while it checks what is left and writes, so concurrent redemptions of one item give it
 * once and a refund cannot slip between the check and the write.
 *
 * A bill paid in full has a receipt code of its own, and its lines are what is given (a bill's
 * redemption holds its parts and its row shared, and its lines exclusively); its parts' receipts (each
 * payer's) have a payment for their one line, and nothing is given against them.
 */
export class ReceiptsService {
  constructor(private readonly deps: ReceiptsServiceDeps) {}

  /** The public check of a code. */
  async check(code: string): Promise<PublicReceipt> {
    const row = await this.deps.receipts.findByCode(code);
    if (!row) return this.checkBill(code);
    const status = receiptStatus(row);
    return {
      code: formatReceiptCode(row.code),
      status: status === "cancelled" ? "not_paid" : status,
      amount: koboToDecimal(row.totalKobo),
      paid_at: row.paidAt?.toISOString() ?? null,
    };
  }

  /** The public check of a bill's code: the bill's total, and when it was paid in full. */
  private async checkBill(code: string): Promise<PublicReceipt> {
    const bill = await this.deps.receipts.findBillByCode(code);
    if (!bill) throw errors.notFound(TEXT.notFound);
    const status = billReceiptStatus(bill);
    return {
      code: formatReceiptCode(bill.code),
      status: status === "cancelled" ? "not_paid" : status,
      amount: koboToDecimal(bill.totalKobo),
      paid_at: bill.paidAt?.toISOString() ?? null,
    };
  }

  /** A receipt as staff at the point of care see it. */
  async view(code: string): Promise<StaffReceipt> {
    const row = await this.deps.receipts.findByCode(code);
    if (row) return this.staffView(row);
    const bill = await this.deps.receipts.findBillByCode(code);
    if (!bill) throw errors.notFound(TEXT.notFound);
    return this.billView(bill);
  }

  /** Marks items given by one department: all the lines or none. */
  async redeem(staff: AuthUser, code: string, input: RedeemReceiptInput): Promise<{ detail: string; receipt: StaffReceipt }> {
    const { db, receipts, audit } = this.deps;
    const found = await receipts.findByCode(code);
    if (!found) return this.redeemBill(staff, code, input);
    if (found.partOf) throw errors.conflict(TEXT.partOfBill(found.partOf.token, codeOrNull(found.partOf.code)), "part_of_bill");
    await db.transaction(async (tx) => {
      const payment = (await receipts.lockPayment(tx, found.invoiceId))!;
      const status = receiptStatus(payment);
      if (status !== "paid") {
        const detail = status === "refunded" ? TEXT.refunded : status === "cancelled" ? TEXT.cancelled : TEXT.notPaid;
        throw errors.conflict(detail, "not_redeemable");
      }
      await receipts.lockItems(tx, payment.invoiceId);
      const lines = await this.checkLines(tx, input, {
        items: () => receipts.itemsOf(payment.invoiceId, tx),
        history: () => receipts.redemptionsOf(payment.invoiceId, tx),
      });
      await receipts.insertRedemptions(
        tx,
        payment.invoiceId,
        staff.id,
        lines.map(({ line }) => line),
      );
      const given = lines.map(({ line, serviceName }) => `${line.quantity} × ${serviceName}`).join(", ");
      await audit.record(tx, {
        actor: staff,
        action: "receipt.redeemed",
        targetType: "invoice",
        targetId: payment.reference,
        summary: `Gave ${given} (${input.department}) against receipt ${formatReceiptCode(payment.code)} of ${payment.reference} (${formatNaira(payment.totalKobo)})`,
        details: {
          receipt_code: formatReceiptCode(payment.code),
          department: input.department,
          items: lines.map(({ line, serviceName }) => ({
            item_id: line.itemId,
            service_name: serviceName,
            quantity: line.quantity,
          })),
        },
      });
    });
    return { detail: TEXT.given, receipt: await this.staffView(found) };
  }

  /** Marks lines of a fully paid bill given by one department, by the same rules as a payment's items. */
  private async redeemBill(staff: AuthUser, code: string, input: RedeemReceiptInput) {
    const { db, receipts, audit } = this.deps;
    const found = await receipts.findBillByCode(code);
    if (!found) throw errors.notFound(TEXT.notFound);
    await db.transaction(async (tx) => {
      const bill = (await receipts.lockBill(tx, found.billId))!;
      const status = billReceiptStatus(bill);
      if (status !== "paid") {
        const detail = status === "refunded" ? TEXT.billRefunded : status === "cancelled" ? TEXT.billCancelled : TEXT.notPaid;
        throw errors.conflict(detail, "not_redeemable");
      }
      await receipts.lockBillItems(tx, bill.billId);
      const lines = await this.checkLines(tx, input, {
        items: () => receipts.billItemsOf(bill.billId, tx),
        history: () => receipts.billRedemptionsOf(bill.billId, tx),
      });
      await receipts.insertBillRedemptions(
        tx,
        bill.billId,
        staff.id,
        lines.map(({ line }) => line),
      );
      const given = lines.map(({ line, serviceName }) => `${line.quantity} × ${serviceName}`).join(", ");
      await audit.record(tx, {
        actor: staff,
        action: "receipt.redeemed",
        targetType: "bill",
        targetId: bill.token,
        summary: `Gave ${given} (${input.department}) against receipt ${formatReceiptCode(bill.code)} of bill ${bill.token} (${formatNaira(bill.totalKobo)})`,
        details: {
          receipt_code: formatReceiptCode(bill.code),
          department: input.department,
          items: lines.map(({ line, serviceName }) => ({
            item_id: line.itemId,
            service_name: serviceName,
            quantity: line.quantity,
          })),
        },
      });
    });
    return { detail: TEXT.given, receipt: await this.billView(found) };
  }

  /**
   * Each line against what is left of its item, read under the item locks: an item not on the receipt is a
   * field error; one of another department, or more than is left of one already given (naming who gave it
   * last, and when), a conflict; more than the item ever had, a field error.
   */
  private async checkLines(
    tx: Queryable,
    input: RedeemReceiptInput,
    read: { items: () => Promise<ReceiptItemRow[]>; history: () => Promise<RedemptionRow[]> },
  ) {
    const items = new Map((await read.items()).map((item) => [item.id, item]));
    let history: RedemptionRow[] | null = null;
    const checked: Array<{ line: NewRedemption; serviceName: string }> = [];
    for (const [index, asked] of input.items.entries()) {
      const item = items.get(asked.item_id);
      if (!item) throw errors.validation({ [`items.${index}.item_id`]: [TEXT.unknownItem] });
      if (item.departmentName && !sameDepartment(item.departmentName, input.department))
        throw errors.conflict(TEXT.otherDepartment(item.serviceName, item.departmentName), "other_department");
      const left = item.qty - item.given;
      if (asked.quantity > left) {
        if (item.given === 0) throw errors.validation({ [`items.${index}.quantity`]: [TEXT.tooMany(left)] });
        history ??= await read.history();
        const last = history.filter((r) => r.itemId === item.id).at(-1)!;
        throw errors.conflict(
          TEXT.alreadyGiven(item.serviceName, last.givenByName, formatWatDateTime(last.givenAt), left),
          "already_given",
        );
      }
      checked.push({
        line: { itemId: item.id, quantity: asked.quantity, department: item.departmentName || input.department },
        serviceName: item.serviceName,
      });
    }
    return checked;
  }

  private async staffView(row: ReceiptRow): Promise<StaffReceipt> {
    const { receipts } = this.deps;
    const [payment, items, given] = await Promise.all([
      receipts.findByCode(row.code),
      receipts.itemsOf(row.invoiceId),
      receipts.redemptionsOf(row.invoiceId),
    ]);
    const now = payment ?? row;
    const status = receiptStatus(now);
    const bill = now.partOf;
    return {
      code: formatReceiptCode(now.code),
      kind: "payment",
      status,
      redeemable: bill === null && status === "paid" && items.some((item) => item.given < item.qty),
      reference: now.reference,
      payer_name: now.customerName,
      amount: koboToDecimal(now.totalKobo),
      paid_at: now.paidAt?.toISOString() ?? null,
      bill: bill && { token: bill.token, status: bill.status, receipt_code: codeOrNull(bill.code) },
      notice: bill && TEXT.partOfBill(bill.token, codeOrNull(bill.code)),
      ...linesView(items, given),
    };
  }

  private async billView(row: BillReceiptRow): Promise<StaffReceipt> {
    const { receipts } = this.deps;
    const [bill, items, given] = await Promise.all([
      receipts.findBillByCode(row.code),
      receipts.billItemsOf(row.billId),
      receipts.billRedemptionsOf(row.billId),
    ]);
    const now = bill ?? row;
    const status = billReceiptStatus(now);
    return {
      code: formatReceiptCode(now.code),
      kind: "bill",
      status,
      redeemable: status === "paid" && items.some((item) => item.given < item.qty),
      reference: now.token,
      payer_name: now.patientName,
      amount: koboToDecimal(now.totalKobo),
      paid_at: now.paidAt?.toISOString() ?? null,
      bill: { token: now.token, status: now.status, receipt_code: formatReceiptCode(now.code) },
      notice: null,
      ...linesView(items, given),
    };
  }
}

const codeOrNull = (code: string | null) => (code ? formatReceiptCode(code) : null);

/** A receipt's lines and what was given of them, as the point of care reads them. */
function linesView(items: ReceiptItemRow[], given: RedemptionRow[]): Pick<StaffReceipt, "items" | "given"> {
  return {
    items: items.map((item) => ({
      id: item.id,
      service_name: item.serviceName,
      department: item.departmentName || null,
      quantity: item.qty,
      given: item.given,
      remaining: item.qty - item.given,
    })),
    given: given.map((r) => ({
      id: r.id,
      item_id: r.itemId,
      service_name: r.serviceName,
      quantity: r.quantity,
      department: r.department,
      given_by: { id: r.givenById, name: r.givenByName },
      given_at: r.givenAt.toISOString(),
    })),
  };
}
