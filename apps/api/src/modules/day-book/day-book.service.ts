import {
  csvField,
  CSV_LINE_END,
  DAY_BOOK_MESSAGES,
  formatNaira,
  koboToDecimal,
  nairaToKobo,
  paymentMethodName,
  watDay,
  type DayBook,
  type DayBookQuery,
} from "@hospipay/contract";
import type { DayBookRepository } from "./day-book.repository";

/** The WAT window of a day (YYYY-MM-DD) or a month (YYYY-MM). */
export function periodWindow(query: DayBookQuery, now = new Date()): { period: string; from: Date; to: Date } {
  if (query.month) {
    const [year, month] = query.month.split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    return {
      period: query.month,
      from: new Date(`${query.month}-01T00:00:00+01:00`),
      to: new Date(`${next}-01T00:00:00+01:00`),
    };
  }
  const day = query.date ?? watDay(now.toISOString());
  const from = new Date(`${day}T00:00:00+01:00`);
  return { period: day, from, to: new Date(from.getTime() + 86_400_000) };
}

const CHANNEL_NAMES: Record<string, string> = { reserved_account: "Reserved account (transfer to the wallet)" };
export const channelName = (channel: string) => CHANNEL_NAMES[channel] ?? paymentMethodName(channel);

/**
 * The day book: a day's or a month's money by channel, department and staff member, with refunds, waivers and
 * the drawers, and its total against the ledger's settlement entries of the same window.
 */
export class DayBookService {
  constructor(private readonly deps: { dayBook: DayBookRepository }) {}

  async get(query: DayBookQuery): Promise<DayBook> {
    const { period, from, to } = periodWindow(query);
    const f = await this.deps.dayBook.figures(from, to);
    const received = f.channels.reduce((sum, c) => sum + c.receivedKobo, 0);
    const difference = f.ledgerReceivedKobo - received;
    return {
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      channels: f.channels.map((c) => ({
        channel: c.channel as DayBook["channels"][number]["channel"],
        payments: c.payments,
        amount: koboToDecimal(c.amountKobo),
        fees: koboToDecimal(c.feesKobo),
        received: koboToDecimal(c.receivedKobo),
      })),
      departments: f.departments.map((d) => ({ department: d.department, lines: d.lines, amount: koboToDecimal(d.amountKobo) })),
      staff: f.staff.map((s) => ({
        id: s.id,
        name: s.name,
        cash_payments: s.cashPayments,
        cash: koboToDecimal(s.cashKobo),
        pos_payments: s.posPayments,
        pos: koboToDecimal(s.posKobo),
        variance: koboToDecimal(s.varianceKobo),
      })),
      refunds: { count: f.refunds.count, amount: koboToDecimal(f.refunds.amountKobo) },
      waivers: { count: f.waivers.count, amount: koboToDecimal(f.waivers.amountKobo) },
      drawers: {
        floats: koboToDecimal(f.drawers.floatsKobo),
        handed_over: koboToDecimal(f.drawers.handedOverKobo),
        shortages: koboToDecimal(f.drawers.shortagesKobo),
        overages: koboToDecimal(f.drawers.overagesKobo),
        pos_settled: koboToDecimal(f.drawers.posSettledKobo),
        pos_fees: koboToDecimal(f.drawers.posFeesKobo),
      },
      totals: {
        payments: f.channels.reduce((sum, c) => sum + c.payments, 0),
        received: koboToDecimal(received),
        ledger_received: koboToDecimal(f.ledgerReceivedKobo),
        difference: koboToDecimal(difference),
        matches_ledger: difference === 0,
      },
    };
  }
}

/** The day book as CSV: one line per figure, every text cell guarded against formulas. */
export function dayBookCsv(book: DayBook): string {
  const line = (section: string, name: string, count: number | "", amount = "", fees = "", total = "") =>
    [book.period, csvField(section), csvField(name), count, amount, fees, total].join(",");
  const lines = [
    ["Period", "Section", "Name", "Count", "Amount", "Fees", "Total"].join(","),
    ...book.channels.map((c) => line("Channel", channelName(c.channel), c.payments, c.amount, c.fees, c.received)),
    line("Channel", "All channels", book.totals.payments, "", "", book.totals.received),
    line("Ledger", "Settlement entries", "", "", "", book.totals.ledger_received),
    line(
      "Ledger",
      book.totals.matches_ledger
        ? DAY_BOOK_MESSAGES.matches
        : DAY_BOOK_MESSAGES.differs(formatNaira(Math.abs(nairaToKobo(book.totals.difference.replace("-", "")) ?? 0))),
      "",
      "",
      "",
      book.totals.difference,
    ),
    ...book.departments.map((d) => line("Department", d.department || "No department", d.lines, d.amount)),
    ...book.staff.map((s) => line("Staff cash", s.name, s.cash_payments, s.cash)),
    ...book.staff.map((s) => line("Staff POS", s.name, s.pos_payments, s.pos)),
    ...book.staff.map((s) => line("Staff drawer variance", s.name, "", s.variance)),
    line("Refunds", "All", book.refunds.count, book.refunds.amount),
    line("Waivers", "Approved", book.waivers.count, book.waivers.amount),
    line("Drawers", "Floats issued", "", book.drawers.floats),
    line("Drawers", "Handed to the bursary", "", book.drawers.handed_over),
    line("Drawers", "Shortages", "", book.drawers.shortages),
    line("Drawers", "Overages", "", book.drawers.overages),
    line("POS", "Settled by the acquirer", "", book.drawers.pos_settled),
    line("POS", "Acquirer fees", "", book.drawers.pos_fees),
  ];
  return `\uFEFF${lines.join(CSV_LINE_END)}`;
}
