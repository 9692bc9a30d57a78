/** Answers of the bills API as the contract describes them, for the bills screens' tests. */

export const TOKEN = "abcdefghijklmnopqrst";

export function staffBill(overrides: Record<string, unknown> = {}) {
  return {
    token: TOKEN,
    patient_id: null,
    pay_url: `http://localhost:8080/pay/${TOKEN}`,
    status: "open",
    receipt_code: null,
    hospital_number: "HN-0042",
    patient_name: "Chioma Okafor",
    patient_phone: "08031234567",
    patient_email: "chioma@example.com",
    note: "",
    due_date: null,
    total: "7500.00",
    paid: "2000.00",
    left: "5500.00",
    created_by: { id: 4, name: "Agent Ade", email: "agent@hospipay.ng" },
    created_at: "2025-03-12T09:30:00Z",
    paid_at: null,
    cancelled_at: null,
    cancel_reason: null,
    items: [
      {
        service_id: "11",
        service_name: "Full blood count",
        department: "Laboratory",
        quantity: 1,
        unit_price: "5000.00",
        line_total: "5000.00",
        open_price: false,
        price_note: null,
      },
      {
        service_id: "21",
        service_name: "Dressing",
        department: "Nursing",
        quantity: 1,
        unit_price: "2500.00",
        line_total: "2500.00",
        open_price: true,
        price_note: "Large wound",
      },
    ],
    parts: [
      {
        reference: "INV-77",
        payer_name: "Emeka Okafor",
        payer_email: "emeka@example.com",
        payer_phone: "08030000000",
        payment_method: "remita",
        status: "completed",
        amount: "2000.00",
        charge_fee: "100.00",
        in_review: false,
        created_at: "2025-03-12T10:00:00Z",
        paid_at: "2025-03-12T10:05:00Z",
      },
    ],
    ...overrides,
  };
}

export function billRow(overrides: Record<string, unknown> = {}) {
  const { items: _items, parts: _parts, ...head } = staffBill(overrides);
  return head;
}

export function publicBill(overrides: Record<string, unknown> = {}) {
  return {
    token: TOKEN,
    status: "open",
    code_sent_to: null,
    locale: "en",
    patient_first_name: "Chioma",
    note: "",
    due_date: null,
    total: "7500.00",
    paid: "2000.00",
    left: "5500.00",
    min_part: "500.00",
    charge_fee: "100.00",
    created_at: "2025-03-12T09:30:00Z",
    items: staffBill().items.map(({ price_note: _note, ...item }) => item),
    parts: [{ payer_first_name: "Emeka", amount: "2000.00", payment_method: "remita", paid_at: "2025-03-12T10:05:00Z" }],
    ...overrides,
  };
}

/** GET /api/staff/desk/: the signed-in member's desk rights. */
export function myDesk(overrides: Record<string, unknown> = {}) {
  return {
    user_id: 4,
    name: "Agent Ade",
    role: "AGENT",
    departments: [],
    collects_money: true,
    gives_items: false,
    waiver_limit: null,
    updated_at: "2025-03-12T08:00:00Z",
    ...overrides,
  };
}

/** GET /api/staff/shifts/current/: an open shift with nothing in it yet. */
export function openShift(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    staff: { id: 4, name: "Agent Ade", email: "agent@hospipay.ng", role: "AGENT" },
    status: "open",
    opened_at: "2025-03-12T07:00:00Z",
    closed_at: null,
    closed_by: null,
    close_note: null,
    report: {
      from: "2025-03-12T07:00:00Z",
      to: "2025-03-12T15:00:00Z",
      bills: { count: 0, open: 0, paid: 0, cancelled: 0, total: "0.00", paid_amount: "0.00", by_department: [] },
      received: { by_method: [], count: 0, amount: "0.00", fees: "0.00", total: "0.00", ledger_total: "0.00" },
      transfers: { count: 0, amount: "0.00", awaiting_approval: 0, held: 0, held_amount: "0.00" },
      items_given: { lines: 0, quantity: 0, by_department: [] },
      totals: { count: 0, amount: "0.00" },
    },
    drawer: null,
    ...overrides,
  };
}

/** POST /api/staff/desk/payments/ → 201: a part of the bill taken at the desk. */
export function deskPaymentAnswer(overrides: Record<string, unknown> = {}) {
  return {
    detail: "Payment recorded.",
    reference: "INV-DESK-1",
    status: "completed",
    method: "cash",
    amount: "3000.00",
    change: "2000.00",
    receipt_code: "7K3M-9QXR-2B4D-HJ6P",
    bill: { token: TOKEN, status: "open", total: "7500.00", paid: "5000.00", left: "2500.00" },
    ...overrides,
  };
}

/** A waiver as staff see it (GET /api/staff/waivers/, a staff bill's `waivers`): pending, asked by the agent. */
export function billWaiver(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    bill_token: TOKEN,
    patient_name: "Chioma Okafor",
    hospital_number: "HN-0042",
    amount: "750.00",
    percent: "10.00",
    reason: "Indigent patient, social welfare letter",
    status: "pending",
    requested_by: { id: 4, name: "Agent Ade" },
    requested_at: "2025-03-12T10:10:00Z",
    decided_by: null,
    decided_at: null,
    decision_note: null,
    ...overrides,
  };
}
