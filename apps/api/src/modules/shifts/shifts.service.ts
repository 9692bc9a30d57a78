import {
  csvField,
  CSV_LINE_END,
  koboToDecimal,
  MESSAGES,
  paymentMethodName,
  watDay,
  type DailySummary,
  type Shift,
  type ShiftListQuery,
  type ShiftListResponse,
  type ShiftReport,
  shiftReportSchema,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import { errors } from "../../lib/errors";
import { watDays } from "../../lib/paging";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import type { ReportFigures, ShiftRecord, ShiftsRepository } from "./shifts.repository";

export interface ShiftsServiceDeps {
  db: Database;
  shifts: ShiftsRepository;
  audit: AuditRepository;
}

const TEXT = MESSAGES.shifts;

/** Admins see and close every shift; an agent only their own. */
const isAdmin = (user: AuthUser) => user.role === "ADMIN" || user.role === "SUPERADMIN";

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/** The report's JSON from its figures, over [from, to). */
export function toReport(figures: ReportFigures, from: Date, to: Date): ShiftReport {
  const sum = <T>(rows: readonly T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);
  const { money } = figures;
  const parts = money.filter((m) => m.part);
  const byMethod = [...new Set(parts.map((m) => m.method))].map((method) => {
    const rows = parts.filter((m) => m.method === method);
    return {
      method,
      count: sum(rows, (r) => r.entries),
      subtotalKobo: sum(rows, (r) => r.depositsKobo),
      feesKobo: sum(rows, (r) => r.feesKobo),
      totalKobo: sum(rows, (r) => r.debitsKobo),
    };
  });
  const received = {
    count: sum(byMethod, (r) => r.count),
    amount: sum(byMethod, (r) => r.subtotalKobo),
    fees: sum(byMethod, (r) => r.feesKobo),
    total: sum(byMethod, (r) => r.totalKobo),
  };
  const settled = money.filter((m) => m.transfer && !m.held);
  const held = money.filter((m) => m.transfer && m.held);
  // Money in: each settlement entry once, a part's transfer the staff member booked too.
  const moneyIn = money.filter((m) => !m.held);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bills: {
      count: figures.bills.count,
      open: figures.bills.open,
      paid: figures.bills.paid,
      cancelled: figures.bills.cancelled,
      total: koboToDecimal(figures.bills.totalKobo),
      paid_amount: koboToDecimal(figures.bills.paidKobo),
      by_department: figures.billDepartments.map((d) => ({
        department: d.department,
        lines: d.lines,
        quantity: d.quantity,
        amount: koboToDecimal(d.amountKobo),
      })),
    },
    received: {
      by_method: byMethod.map((r) => ({
        method: r.method,
        method_name: paymentMethodName(r.method),
        count: r.count,
        amount: koboToDecimal(r.subtotalKobo),
        fees: koboToDecimal(r.feesKobo),
        total: koboToDecimal(r.totalKobo),
      })),
      count: received.count,
      amount: koboToDecimal(received.amount),
      fees: koboToDecimal(received.fees),
      total: koboToDecimal(received.total),
      ledger_total: koboToDecimal(received.total),
    },
    transfers: {
      count: sum(settled, (m) => m.entries),
      amount: koboToDecimal(sum(settled, (m) => m.debitsKobo)),
      awaiting_approval: figures.awaitingApproval,
      held: sum(held, (m) => m.entries),
      held_amount: koboToDecimal(sum(held, (m) => m.debitsKobo)),
    },
    items_given: {
      lines: sum(figures.given, (g) => g.lines),
      quantity: sum(figures.given, (g) => g.quantity),
      by_department: figures.given,
    },
    totals: {
      count: sum(moneyIn, (m) => m.entries),
      amount: koboToDecimal(sum(moneyIn, (m) => m.debitsKobo)),
    },
  };
}

/** A closed shift's report as it was stored, read through the contract's schema (which fills what it lacks). */
const storedReport = (report: ShiftReport): ShiftReport => shiftReportSchema.parse(report);

const DAILY_CSV_HEADER = ["Date", "Section", "Name", "Count", "Quantity", "Amount", "Fees", "Total"].join(",");

/** The daily summary as CSV: one line per method, department and total, every text cell guarded against formulas. */
export function dailySummaryCsv(summary: DailySummary): string {
  const { date, report } = summary;
  const line = (section: string, name: string, count: number | "", quantity: number | "", amount = "", fees = "", total = "") =>
    [date, csvField(section), csvField(name), count, quantity, amount, fees, total].join(",");
  const lines = [
    DAILY_CSV_HEADER,
    ...report.received.by_method.map((m) => line("Received by method", m.method_name, m.count, "", m.amount, m.fees, m.total)),
    line(
      "Received",
      "All methods",
      report.received.count,
      "",
      report.received.amount,
      report.received.fees,
      report.received.total,
    ),
    line("Received", "Ledger settlement entries", "", "", "", "", report.received.ledger_total),
    line("Bank transfers confirmed", "Settled", report.transfers.count, "", "", "", report.transfers.amount),
    line("Bank transfers confirmed", "Held for refund", report.transfers.held, "", "", "", report.transfers.held_amount),
    line("Bank transfers confirmed", "Awaiting approval", report.transfers.awaiting_approval, ""),
    line("Money in", "Total", report.totals.count, "", "", "", report.totals.amount),
    line("Bills raised", "All", report.bills.count, "", "", "", report.bills.total),
    ...report.bills.by_department.map((d) =>
      line("Bills raised by department", d.department, d.lines, d.quantity, "", "", d.amount),
    ),
    ...report.items_given.by_department.map((d) => line("Items given by department", d.department, d.lines, d.quantity)),
    line("Shifts", "Opened", summary.shifts.opened, ""),
    line("Shifts", "Closed", summary.shifts.closed, ""),
  ];
  return `\uFEFF${lines.join(CSV_LINE_END)}`;
}

/**
 * Staff shifts: one open at a time per staff member (the database's unique index decides between
 * concurrent opens), a live report while open, and a close that stores the report as it stands at that
 * instant, with a note; a closed shift never changes (the database refuses it). Admins list every shift
 * and read a day's summary of everybody's work.
 */
export class ShiftsService {
  constructor(private readonly deps: ShiftsServiceDeps) {}

  /** Opens the caller's shift: 409 when one is already open. */
  async open(staff: AuthUser): Promise<{ detail: string; shift: Shift }> {
    const { db, shifts, audit } = this.deps;
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const opened = await shifts.open(tx, staff.id);
        await audit.record(tx, {
          actor: staff,
          action: "shift.opened",
          targetType: "shift",
          targetId: opened,
          summary: `Opened shift ${opened}`,
        });
        return opened;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(TEXT.alreadyOpen, "shift_open");
      throw error;
    }
    return { detail: TEXT.opened, shift: await this.view((await shifts.findById(id))!) };
  }

  /** The caller's open shift with its live report. */
  async current(staff: AuthUser): Promise<Shift> {
    const shift = await this.deps.shifts.findOpen(staff.id);
    if (!shift) throw errors.notFound(TEXT.noneOpen);
    return this.view(shift);
  }

  /** A shift with its report: the caller's own, or any for an admin (another's is "not found" to an agent). */
  async get(user: AuthUser, id: number): Promise<Shift> {
    return this.view(await this.visible(user, id));
  }

  /** Closes a shift with a note, storing its report as it stands now. */
  async close(user: AuthUser, id: number, note: string): Promise<{ detail: string; shift: Shift }> {
    const { db, shifts, audit } = this.deps;
    await this.visible(user, id);
    await db.transaction(async (tx) => {
      const locked = (await shifts.lock(tx, id))!;
      if (!locked.open) throw errors.conflict(TEXT.alreadyClosed, "shift_closed");
      const at = await shifts.now(tx);
      const report = toReport(await shifts.figures(locked.staffId, locked.openedAt, at, tx), locked.openedAt, at);
      await shifts.close(tx, id, { by: user.id, at, note, report });
      await audit.record(tx, {
        actor: user,
        action: "shift.closed",
        targetType: "shift",
        targetId: id,
        summary: `Closed shift ${id}: ${report.totals.count} payments, ₦${report.totals.amount} in`,
        details: { note, totals: report.totals, staff_id: locked.staffId },
      });
    });
    return { detail: TEXT.closed, shift: await this.view((await shifts.findById(id))!) };
  }

  /** Every shift (admins), newest first, by WAT day opened and staff member. */
  async list(query: ShiftListQuery): Promise<ShiftListResponse> {
    const { from, to } = watDays(query.date, query.date);
    const { count, rows } = await this.deps.shifts.list({
      from,
      to,
      staffId: query.staff ?? null,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      count,
      page: query.page,
      page_size: query.page_size,
      results: rows.map((row) => ({ ...this.header(row), report: row.report && storedReport(row.report) })),
    };
  }

  /** Everybody's WAT day (today's when no date is given): money by method, lines and items by department. */
  async daily(date: string | undefined): Promise<DailySummary> {
    const day = date ?? watDay(new Date().toISOString());
    const { from, to } = watDays(day, day);
    const [figures, shifts] = await Promise.all([
      this.deps.shifts.figures(null, from!, to!),
      this.deps.shifts.dayCounts(from!, to!),
    ]);
    return {
      date: day,
      shifts: { opened: shifts.opened, closed: shifts.closed, still_open: shifts.stillOpen },
      report: toReport(figures, from!, to!),
    };
  }

  /** A shift the user may see, or "not found". */
  private async visible(user: AuthUser, id: number): Promise<ShiftRecord> {
    const shift = await this.deps.shifts.findById(id);
    if (!shift || (shift.staffId !== user.id && !isAdmin(user))) throw errors.notFound(TEXT.notFound);
    return shift;
  }

  private header(row: ShiftRecord): Omit<Shift, "report"> {
    return {
      id: row.id,
      staff: { id: row.staffId, name: row.staffName, email: row.staffEmail, role: row.staffRole },
      status: row.closedAt ? "closed" : "open",
      opened_at: row.openedAt.toISOString(),
      closed_at: row.closedAt?.toISOString() ?? null,
      closed_by: row.closedById === null ? null : { id: row.closedById, name: row.closedByName ?? "" },
      close_note: row.closeNote,
    };
  }

  /** The shift with its stored report once closed, or its live one (up to now) while open. */
  private async view(row: ShiftRecord): Promise<Shift> {
    if (row.report) return { ...this.header(row), report: storedReport(row.report) };
    const now = new Date();
    const figures = await this.deps.shifts.figures(row.staffId, row.openedAt, now);
    return { ...this.header(row), report: toReport(figures, row.openedAt, now) };
  }
}
