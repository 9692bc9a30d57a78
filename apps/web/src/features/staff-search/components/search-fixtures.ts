import type { StaffSearchResult } from "@hospipay/contract";

/** Answers of GET /api/staff/search/ as the contract describes them, for the search screen's tests. */

export const BILL_TOKEN = "abcdefghijklmnopqrst";
export const RECEIPT_CODE = "7K3M9QW2XR4TB8NP";

export function billResult(overrides: Partial<StaffSearchResult> = {}): StaffSearchResult {
  return {
    kind: "bill",
    status: "open",
    amount: "7500.00",
    created_at: "2025-03-12T09:30:00Z",
    paid_at: null,
    name: "Chioma Okafor",
    hospital_number: "HN-0042",
    phone: "08031234567",
    paid: "2000.00",
    left: "5500.00",
    receipt_code: null,
    reference: null,
    bill_token: BILL_TOKEN,
    rrr: null,
    payment_method: null,
    ...overrides,
  };
}

export function paymentResult(overrides: Partial<StaffSearchResult> = {}): StaffSearchResult {
  return {
    kind: "payment",
    status: "completed",
    amount: "2100.00",
    created_at: "2025-03-12T11:05:00Z",
    paid_at: "2025-03-12T11:06:00Z",
    name: "Emeka Okafor",
    hospital_number: "HN-0042",
    phone: "08120001234",
    paid: null,
    left: null,
    receipt_code: RECEIPT_CODE,
    reference: "HSP-20250312-0001",
    bill_token: BILL_TOKEN,
    rrr: "290012345678",
    payment_method: "remita",
    ...overrides,
  };
}

export function searchAnswer(results: StaffSearchResult[], count = results.length, page = 1) {
  return { count, page, page_size: 20, results };
}
