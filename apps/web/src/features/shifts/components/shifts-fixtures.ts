/** Answers of the shifts API as the contract describes them, for the shifts screens' tests. */

export function report(overrides: Record<string, unknown> = {}) {
  return {
    from: "2025-03-12T07:00:00Z",
    to: "2025-03-12T15:00:00Z",
    bills: {
      count: 3,
      open: 1,
      paid: 1,
      cancelled: 1,
      total: "12500.00",
      paid_amount: "7500.00",
      by_department: [
        { department: "Laboratory", lines: 2, quantity: 2, amount: "10000.00" },
        { department: "", lines: 1, quantity: 1, amount: "2500.00" },
      ],
    },
    received: {
      by_method: [
        { method: "remita", method_name: "Remita", count: 2, amount: "5000.00", fees: "200.00", total: "5200.00" },
        { method: "wallet", method_name: "Wallet", count: 1, amount: "2500.00", fees: "100.00", total: "2600.00" },
      ],
      count: 3,
      amount: "7500.00",
      fees: "300.00",
      total: "7800.00",
      ledger_total: "7800.00",
    },
    transfers: { count: 1, amount: "4000.00", awaiting_approval: 1, held: 1, held_amount: "1100.00" },
    items_given: { lines: 2, quantity: 3, by_department: [{ department: "Pharmacy", lines: 2, quantity: 3 }] },
    totals: { count: 4, amount: "11800.00" },
    ...overrides,
  };
}

export function emptyReport() {
  return report({
    bills: { count: 0, open: 0, paid: 0, cancelled: 0, total: "0.00", paid_amount: "0.00", by_department: [] },
    received: { by_method: [], count: 0, amount: "0.00", fees: "0.00", total: "0.00", ledger_total: "0.00" },
    transfers: { count: 0, amount: "0.00", awaiting_approval: 0, held: 0, held_amount: "0.00" },
    items_given: { lines: 0, quantity: 0, by_department: [] },
    totals: { count: 0, amount: "0.00" },
  });
}

export function shift(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    staff: { id: 7, name: "Ada Obi", email: "ada@example.com", role: "AGENT" },
    status: "open",
    opened_at: "2025-03-12T07:00:00Z",
    closed_at: null,
    closed_by: null,
    close_note: null,
    report: report(),
    ...overrides,
  };
}

export function closedShift(overrides: Record<string, unknown> = {}) {
  return shift({
    status: "closed",
    closed_at: "2025-03-12T15:00:00Z",
    closed_by: { id: 7, name: "Ada Obi" },
    close_note: "Handed ₦4,000 cash to the cashier.",
    ...overrides,
  });
}

export function dailySummary(overrides: Record<string, unknown> = {}) {
  return { date: "2025-03-12", shifts: { opened: 2, closed: 1, still_open: 1 }, report: report(), ...overrides };
}

/** A shift's cash drawer: a ₦5,000 float and one ₦1,000 cash part, not yet counted. */
export function drawer(overrides: Record<string, unknown> = {}) {
  return {
    float: "5000.00",
    cash: { count: 1, amount: "1000.00" },
    pos: { count: 1, amount: "2000.00" },
    expected: "6000.00",
    counted: null,
    variance: null,
    denominations: null,
    counted_at: null,
    awaiting_signoff: false,
    variance_limit: "100.00",
    signed_off_by: null,
    signoff_note: null,
    ...overrides,
  };
}
