import {
  type BillStatus,
  formatNaira,
  formatReceiptCode,
  formatWatDateTime,
  type InvoiceStatus,
  koboToDecimal,
  MESSAGES,
  type PublicReceipt,
  type RedeemReceiptInput,
  type ReceiptStatus,
  STAFF_DESK_MESSAGES,
  type StaffReceipt,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import { CANCELLED_REASON } from "../payments";
import type { StaffDeskRepository } from "../staff-desk";
import type {
  BillReceiptRow,
  NewRedemption,
  ReceiptItemRow,
  ReceiptRow,
  ReceiptsRepository,
  RedemptionRow,
  StaffReceiptRow,
} from "./receipts.repository";

export interface ReceiptsServiceDeps {
  db: Database;
  receipts: ReceiptsRepository;
  audit: AuditRepository;
  /** Who gives what: items of a department only by its members (issue 36). */
  desks: StaffDeskRepository;
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

  /** The public check of a code, a payment's or a bill's (a bill's total, and when it was paid in full). */
  async check(code: string): Promise<PublicReceipt> {
    const row = await this.deps.receipts.publicByCode(code);
    if (!row) throw errors.notFound(TEXT.notFound);
    const status =
      row.kind === "bill"
        ? billReceiptStatus({ status: row.status as BillStatus, partRefunded: row.partRefunded })
        : receiptStatus({ status: row.status as InvoiceStatus, failureReason: row.failureReason });
    return {
      code: formatReceiptCode(row.code),
      status: status === "cancelled" ? "not_paid" : status,
      amount: koboToDecimal(row.totalKobo),
      paid_at: row.paidAt,
    };
  }

  /** A receipt as staff at the point of care see it: the answer's JSON text (staffReceiptSchema). */
  async view(code: string): Promise<string> {
    const row = await this.deps.receipts.staffViewByCode(code);
    if (!row) throw errors.notFound(TEXT.notFound);
    return staffReceiptJson(row);
  }

  /** Marks items given by one department: all the lines or none. */
  async redeem(staff: AuthUser, code: string, input: RedeemReceiptInput): Promise<string> {
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
      const lines = await this.checkLines(tx, staff, input, {
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
    return this.redeemed(code);
  }

  /** The answer to a redemption (redeemReceiptResponseSchema): what was done, and the receipt now. */
  private async redeemed(code: string): Promise<string> {
    return `{"detail":${JSON.stringify(TEXT.given)},"receipt":${await this.view(code)}}`;
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
      const lines = await this.checkLines(tx, staff, input, {
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
    return this.redeemed(code);
  }

  /**
   * The giver's desk rights, read in the redemption's transaction: giving needs the right to give items, and
   * a department's items (each line must be of the department giving, checked per line) a member of it.
   */
  private async checkGiver(tx: Queryable, staff: AuthUser, input: RedeemReceiptInput, items: Map<number, ReceiptItemRow>) {
    const desk = await this.deps.desks.find(staff.id, tx);
    if (!desk?.givesItems) throw errors.forbidden(STAFF_DESK_MESSAGES.givesNoItems, "gives_no_items");
    const departmental = input.items.some((asked) => Boolean(items.get(asked.item_id)?.departmentName));
    if (departmental && !desk.departments.some((name) => sameDepartment(name, input.department)))
      throw errors.forbidden(STAFF_DESK_MESSAGES.notMember(input.department), "not_member");
  }

  /**
   * Each line against what is left of its item, read under the item locks: an item not on the receipt is a
   * field error; one of another department, or more than is left of one already given (naming who gave it
   * last, and when), a conflict; more than the item ever had, a field error.
   */
  private async checkLines(
    tx: Queryable,
    staff: AuthUser,
    input: RedeemReceiptInput,
    read: { items: () => Promise<ReceiptItemRow[]>; history: () => Promise<RedemptionRow[]> },
  ) {
    const items = new Map((await read.items()).map((item) => [item.id, item]));
    await this.checkGiver(tx, staff, input, items);
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
}

const codeOrNull = (code: string | null) => (code ? formatReceiptCode(code) : null);

/**
 * A receipt's answer (staffReceiptSchema) as JSON text: its head from the row's columns, by the same
 * rules as the redemption's checks (receiptStatus, billReceiptStatus), and its lines and givings as the
 * database wrote them. A part payment of a bill is never redeemable itself: its notice says where to go.
 */
function staffReceiptJson(row: StaffReceiptRow): string {
  const bill =
    row.billToken === null ? null : { token: row.billToken, status: row.billStatus!, receipt_code: codeOrNull(row.billCode) };
  let status: ReceiptStatus;
  let redeemable: boolean;
  let notice: string | null;
  if (row.kind === "bill") {
    status = billReceiptStatus({ status: row.status as BillStatus, partRefunded: row.partRefunded });
    redeemable = status === "paid" && row.open;
    notice = null;
  } else {
    status = receiptStatus({ status: row.status as InvoiceStatus, failureReason: row.failureReason });
    redeemable = bill === null && status === "paid" && row.open;
    notice = bill && TEXT.partOfBill(bill.token, bill.receipt_code);
  }
  const head: Omit<StaffReceipt, "items" | "given"> = {
    code: formatReceiptCode(row.code),
    kind: row.kind,
    status,
    redeemable,
    reference: row.reference,
    payer_name: row.payerName,
    hospital_number: row.hospitalNumber,
    amount: koboToDecimal(row.totalKobo),
    hmo_part: koboToDecimal(row.hmoKobo),
    hmo_name: row.hmoName,
    paid_at: row.paidAt,
    bill,
    notice,
  };
  return `${JSON.stringify(head).slice(0, -1)},"items":${row.items},"given":${row.given}}`;
}
