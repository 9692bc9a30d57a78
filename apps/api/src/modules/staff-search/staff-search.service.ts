import { koboToDecimal, type StaffSearchQuery, type StaffSearchResponse } from "@hospipay/contract";
import { phoneDigits } from "../payments";
import type { StaffSearchRepository, StaffSearchTerms } from "./staff-search.repository";

/** The forms of a search text: as typed, lower case, as a phone number, as an RRR. */
export function searchTerms(text: string): StaffSearchTerms {
  const exact = text.trim();
  // A phone number or an RRR as typed: digits, spaces, dashes, a leading +.
  const numeric = /^\+?[\d\s-]{6,}$/.test(exact) ? exact.replace(/\D/g, "") : "";
  return {
    exact,
    lower: exact.toLowerCase(),
    phoneDigits: numeric.length >= 6 ? phoneDigits(numeric) : "",
    rrr: numeric,
  };
}

/**
 * Finds a patient's money for staff: the bills raised for them and the payments made (a bill's parts
 * included), in one list, newest first, each row saying what it is and how to open it.
 */
export class StaffSearchService {
  constructor(private readonly deps: { search: StaffSearchRepository }) {}

  async search(query: StaffSearchQuery): Promise<StaffSearchResponse> {
    const { count, rows } = await this.deps.search.search(
      searchTerms(query.q),
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      count,
      page: query.page,
      page_size: query.page_size,
      results: rows.map((row) => ({
        kind: row.kind,
        status: row.status,
        amount: koboToDecimal(row.amountKobo),
        created_at: row.createdAt.toISOString(),
        paid_at: row.paidAt?.toISOString() ?? null,
        name: row.name,
        hospital_number: row.hospitalNumber,
        phone: row.phone,
        paid: row.paidKobo === null ? null : koboToDecimal(row.paidKobo),
        left: row.paidKobo === null ? null : koboToDecimal(row.amountKobo - row.paidKobo),
        receipt_code: row.receiptCode,
        reference: row.reference,
        bill_token: row.billToken,
        rrr: row.rrr,
        payment_method: row.paymentMethod,
      })),
    };
  }
}
