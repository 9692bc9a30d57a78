/** Answers of the day book API as the contract describes them, for the day book screen's tests. */

export function dayBook(overrides: Record<string, unknown> = {}) {
  return {
    period: "2025-03-12",
    from: "2025-03-11T23:00:00.000Z",
    to: "2025-03-12T23:00:00.000Z",
    channels: [
      { channel: "remita", payments: 2, amount: "5000.00", fees: "200.00", received: "5200.00" },
      { channel: "reserved_account", payments: 1, amount: "3000.00", fees: "0.00", received: "3000.00" },
      { channel: "cash", payments: 1, amount: "500.00", fees: "0.00", received: "500.00" },
      { channel: "pos", payments: 1, amount: "2400.00", fees: "0.00", received: "2400.00" },
    ],
    departments: [
      { department: "Laboratory", lines: 3, amount: "7500.00" },
      { department: "", lines: 1, amount: "3400.00" },
    ],
    staff: [
      { id: 7, name: "Ngozi Cashier", cash_payments: 1, cash: "500.00", pos_payments: 1, pos: "2400.00", variance: "-200.00" },
      { id: 8, name: "Bola Ade", cash_payments: 0, cash: "0.00", pos_payments: 0, pos: "0.00", variance: "0.00" },
    ],
    refunds: { count: 1, amount: "1000.00" },
    waivers: { count: 1, amount: "100.00" },
    drawers: {
      floats: "5000.00",
      handed_over: "5300.00",
      shortages: "200.00",
      overages: "0.00",
      pos_settled: "2400.00",
      pos_fees: "12.00",
    },
    totals: {
      payments: 5,
      received: "11100.00",
      ledger_received: "11100.00",
      difference: "0.00",
      matches_ledger: true,
    },
    ...overrides,
  };
}

/** A book with nothing in it: every part's empty state. */
export function emptyDayBook(overrides: Record<string, unknown> = {}) {
  return dayBook({
    channels: [],
    // The API's "no department" row, of no lines and no money, is not shown.
    departments: [{ department: "", lines: 0, amount: "0.00" }],
    staff: [],
    refunds: { count: 0, amount: "0.00" },
    waivers: { count: 0, amount: "0.00" },
    drawers: { floats: "0.00", handed_over: "0.00", shortages: "0.00", overages: "0.00", pos_settled: "0.00", pos_fees: "0.00" },
    totals: { payments: 0, received: "0.00", ledger_received: "0.00", difference: "0.00", matches_ledger: true },
    ...overrides,
  });
}
