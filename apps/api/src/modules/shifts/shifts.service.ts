import {
  CASH_DESK_MESSAGES,
  countedKobo,
  csvField,
  CSV_LINE_END,
  koboToDecimal,
  MESSAGES,
  paymentMethodName,
  watDay,
  type DailySummary,
  type Drawer,
  type DrawerCount,
  type DrawerSignoffInput,
  formatNaira,
  type OpenShiftInput,
  nairaToKobo,
  type Shift,
  type ShiftListQuery,
  type ShiftListResponse,
  type ShiftReport,
  shiftReportSchema,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { errors, isUniqueViolation } from "../../lib/errors";
import { watDays } from "../../lib/paging";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import type { LedgerRepository, Posting } from "../ledger";
import {
  drawerAccount,
  type DrawerRecord,
  type ReportFigures,
  type ShiftRecord,
  type ShiftsRepository,
} from "./shifts.repository";

export interface ShiftsServiceDeps {
  db: Database;
  shifts: ShiftsRepository;
  audit: AuditRepository;
  ledger: LedgerRepository;
  /** A drawer counted further than this from what it should hold waits for an admin's sign-off. */
  varianceLimitKobo: number;
}

const TEXT = MESSAGES.shifts;
const DESK = CASH_DESK_MESSAGES;

/** Where floats come from and counted drawers go: the bursary's cash. */
const BURSARY = "cash:bursary";

/** "₦200.00 short", "₦50.00 over", "exact". */
const varianceWords = (varianceKobo: number) =>
  varianceKobo === 0 ? "exact" : `${formatNaira(Math.abs(varianceKobo))} ${varianceKobo < 0 ? "short" : "over"}`;

/** A drawer as the API answers it. */
function drawerView(drawer: DrawerRecord, limitKobo: number): Drawer {
  const expected = drawer.expectedKobo ?? drawer.balanceKobo;
  return {
    float: koboToDecimal(drawer.floatKobo),
    cash: { count: drawer.cashCount, amount: koboToDecimal(drawer.cashKobo) },
    pos: { count: drawer.posCount, amount: koboToDecimal(drawer.posKobo) },
    expected: koboToDecimal(expected),
    counted: drawer.countedKobo === null ? null : koboToDecimal(drawer.countedKobo),
    variance: drawer.countedKobo === null ? null : koboToDecimal(drawer.countedKobo - expected),
    denominations:
      drawer.denominations === null
        ? null
        : Object.entries(drawer.denominations)
            .filter(([, pieces]) => pieces > 0)
            .sort(([a], [b]) => Number(b) - Number(a))
            .map(([value, pieces]) => ({ value: koboToDecimal(Number(value)), pieces })),
    counted_at: drawer.countedAt?.toISOString() ?? null,
    awaiting_signoff: drawer.awaitingSignoff,
    variance_limit: koboToDecimal(limitKobo),
    signed_off_by: drawer.signedOffBy === null ? null : { id: drawer.signedOffBy, name: drawer.signedOffByName ?? "" },
    signoff_note: drawer.signoffNote,
  };
}

/** Admins see and close every shift; an agent only their own. */
const isAdmin = (user: AuthUser) => user.role === "ADMIN" || user.role === "SUPERADMIN";

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

  /**
   * Opens the caller's shift with its cash drawer, issued its float from the bursary (one entry): 409 when one
   * is already open.
   */
  async open(staff: AuthUser, input: OpenShiftInput = {}): Promise<{ detail: string; shift: Shift }> {
    const { db, shifts, audit, ledger } = this.deps;
    const floatKobo = input.float === undefined ? 0 : nairaToKobo(input.float)!;
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const opened = await shifts.open(tx, staff.id);
        await shifts.openDrawer(tx, opened, floatKobo);
        if (floatKobo > 0)
          await ledger.post(tx, {
            kind: "drawer_float",
            invoiceId: null,
            description: `Float of ${formatNaira(floatKobo)} issued to the drawer of shift ${opened}`,
            postings: [
              { accountCode: drawerAccount(opened), amountKobo: floatKobo },
              { accountCode: BURSARY, amountKobo: -floatKobo },
            ],
          });
        await audit.record(tx, {
          actor: staff,
          action: "shift.opened",
          targetType: "shift",
          targetId: opened,
          summary: floatKobo > 0 ? `Opened shift ${opened} with a float of ${formatNaira(floatKobo)}` : `Opened shift ${opened}`,
          details: { float_kobo: floatKobo },
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

  /**
   * Closes a shift with a note, storing its report as it stands now. A drawer that held a float or took cash is
   * counted first: within the allowed variance the shift closes and the count goes to the bursary (a shortage
   * to its expense, an overage to income, one entry); beyond it the count waits for an admin's sign-off, and
   * the drawer takes no more money until then.
   */
  async close(
    user: AuthUser,
    id: number,
    input: { note: string; count?: DrawerCount },
  ): Promise<{ detail: string; shift: Shift }> {
    const { db, shifts, audit } = this.deps;
    await this.visible(user, id);
    const detail = await db.transaction(async (tx) => {
      const locked = (await shifts.lock(tx, id))!;
      if (!locked.open) throw errors.conflict(TEXT.alreadyClosed, "shift_closed");
      const drawer = await shifts.drawer(id, tx);
      if (drawer?.awaitingSignoff)
        throw errors.conflict(DESK.awaitingAdmin(varianceWords(drawer.countedKobo! - drawer.expectedKobo!)), "awaiting_signoff");
      if (drawer && !input.count && (drawer.floatKobo > 0 || drawer.cashCount > 0 || drawer.balanceKobo !== 0))
        throw errors.validation({ count: [DESK.countRequired] });
      if (drawer && input.count) {
        const counted = countedKobo(input.count);
        const variance = counted - drawer.balanceKobo;
        const awaiting = Math.abs(variance) > this.deps.varianceLimitKobo;
        const count = {
          denominations: input.count,
          countedKobo: counted,
          expectedKobo: drawer.balanceKobo,
          by: user.id,
          note: input.note,
        };
        await shifts.recordCount(tx, id, { ...count, awaiting });
        await audit.record(tx, {
          actor: user,
          action: "shift.drawer_counted",
          targetType: "shift",
          targetId: id,
          summary: `Counted the drawer of shift ${id}: ${formatNaira(counted)}, ${varianceWords(variance)}${awaiting ? ", waiting for sign-off" : ""}`,
          details: {
            counted_kobo: counted,
            expected_kobo: drawer.balanceKobo,
            variance_kobo: variance,
            denominations: input.count,
          },
        });
        if (awaiting) return DESK.awaitingAdmin(varianceWords(variance));
        await this.handOver(tx, id, drawer.balanceKobo, counted);
      }
      await this.closeLocked(tx, user, id, locked, input.note);
      return TEXT.closed;
    });
    return { detail, shift: await this.view((await shifts.findById(id))!) };
  }

  /**
   * An admin's decision on a count that waited: signed off, the shift closes with it (the count to the bursary,
   * the variance booked); sent back, the drawer is counted again. Nobody signs off their own count.
   */
  async signoff(admin: AuthUser, id: number, input: DrawerSignoffInput): Promise<{ detail: string; shift: Shift }> {
    const { db, shifts, audit } = this.deps;
    await this.visible(admin, id);
    const detail = await db.transaction(async (tx) => {
      const locked = (await shifts.lock(tx, id))!;
      const drawer = await shifts.drawer(id, tx);
      if (!locked.open || !drawer?.awaitingSignoff) throw errors.conflict(DESK.notAwaiting, "not_awaiting_signoff");
      if (drawer.countedBy === admin.id) throw errors.forbidden(DESK.ownCount, "own_count");
      const approve = input.decision === "approve";
      await shifts.decideCount(tx, id, { approve, by: admin.id, note: input.note });
      const variance = drawer.countedKobo! - drawer.balanceKobo;
      await audit.record(tx, {
        actor: admin,
        action: approve ? "shift.drawer_signed_off" : "shift.drawer_count_rejected",
        targetType: "shift",
        targetId: id,
        summary: `${approve ? "Signed off" : "Sent back"} the count of shift ${id}: ${varianceWords(variance)}`,
        details: {
          note: input.note,
          counted_kobo: drawer.countedKobo,
          expected_kobo: drawer.balanceKobo,
          variance_kobo: variance,
        },
      });
      if (!approve) return DESK.countRejected;
      await this.handOver(tx, id, drawer.balanceKobo, drawer.countedKobo!);
      await this.closeLocked(tx, admin, id, locked, drawer.countNote!);
      return DESK.signedOff;
    });
    return { detail, shift: await this.view((await shifts.findById(id))!) };
  }

  /** The counted cash to the bursary, the drawer emptied, the variance to its expense or income: one entry. */
  private async handOver(tx: Queryable, id: number, balanceKobo: number, countedKobo: number): Promise<void> {
    const variance = countedKobo - balanceKobo;
    const postings: Posting[] = [
      { accountCode: BURSARY, amountKobo: countedKobo },
      { accountCode: drawerAccount(id), amountKobo: -balanceKobo },
      { accountCode: variance < 0 ? "expense:cash_shortages" : "income:cash_overages", amountKobo: -variance },
    ].filter((posting) => posting.amountKobo !== 0);
    if (postings.length === 0) return;
    await this.deps.ledger.post(tx, {
      kind: "drawer_close",
      invoiceId: null,
      description: `Drawer of shift ${id} counted ${formatNaira(countedKobo)} (${varianceWords(variance)}), handed to the bursary`,
      postings,
    });
  }

  private async closeLocked(
    tx: Queryable,
    user: AuthUser,
    id: number,
    locked: { openedAt: Date; staffId: number },
    note: string,
  ): Promise<void> {
    const { shifts, audit } = this.deps;
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
  }

  /** Every shift (admins), newest first, by WAT day opened and staff member. */
  async list(query: ShiftListQuery): Promise<ShiftListResponse> {
    const { from, to } = watDays(query.date, query.date);
    const { count, rows } = await this.deps.shifts.list({
      from,
      to,
      staffId: query.staff ?? null,
      awaitingSignoff: query.awaiting_signoff === "true",
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    // The page's drawers in one statement, not one a row.
    const drawers = await this.deps.shifts.drawers(rows.map((row) => row.id));
    const drawerViews = new Map(drawers.map((d) => [d.shiftId, drawerView(d, this.deps.varianceLimitKobo)]));
    return {
      count,
      page: query.page,
      page_size: query.page_size,
      results: rows.map((row) => ({
        ...this.header(row),
        report: row.report && storedReport(row.report),
        drawer: drawerViews.get(row.id) ?? null,
      })),
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

  private header(row: ShiftRecord): Omit<Shift, "report" | "drawer"> {
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

  private async drawerOf(id: number): Promise<Drawer | null> {
    const drawer = await this.deps.shifts.drawer(id);
    return drawer && drawerView(drawer, this.deps.varianceLimitKobo);
  }

  /** The shift with its stored report once closed, or its live one (up to now) while open, and its drawer. */
  private async view(row: ShiftRecord): Promise<Shift> {
    const drawer = await this.drawerOf(row.id);
    if (row.report) return { ...this.header(row), report: storedReport(row.report), drawer };
    const now = new Date();
    const figures = await this.deps.shifts.figures(row.staffId, row.openedAt, now);
    return { ...this.header(row), report: toReport(figures, row.openedAt, now), drawer };
  }
}
