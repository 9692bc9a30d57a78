import type { KycReview as KycReviewAnswer } from "@hospipay/contract";

/** One decision in a KYC record's history, its decider by e-mail ("" when the answer names none). */
type KycDecision = Omit<KycReviewAnswer["decisions"][number], "decision" | "decided_by"> & {
  decision: string;
  decided_by: string;
};

/**
 * One entry of GET /api/staff/kyc/ (contract `KycReview`) as `parseKycReview` reads it: statuses and choices
 * as text (one this app does not know is shown as sent), and `reserved_account` (the customer's account
 * number for bank transfers: its status, or why none can be issued) null when the answer does not say.
 */
export type KycReview = Omit<KycReviewAnswer, "status" | "account_type" | "decisions" | "reserved_account"> & {
  status: string;
  account_type: string;
  decisions: KycDecision[];
  reserved_account: { status: string; reason: string | null } | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function tier(value: unknown): number | null {
  return typeof value === "number" ? value : null;
}

/** Reads one queue entry; null when it has no id. */
export function parseKycReview(value: unknown): KycReview | null {
  if (!isRecord(value) || (typeof value.id !== "number" && typeof value.id !== "string")) return null;
  const customer = isRecord(value.customer) ? value.customer : {};
  return {
    id: Number(value.id),
    status: text(value.status),
    tier_level: tier(value.tier_level),
    submitted_at: text(value.submitted_at),
    customer: {
      id: Number(customer.id),
      first_name: text(customer.first_name),
      last_name: text(customer.last_name),
      email: text(customer.email),
    },
    account_type: text(value.account_type),
    id_type: text(value.id_type),
    id_number: text(value.id_number),
    reserved_account: isRecord(value.reserved_account)
      ? { status: text(value.reserved_account.status), reason: text(value.reserved_account.reason) || null }
      : null,
    dob: text(value.dob),
    address: text(value.address),
    next_of_kin_name: text(value.next_of_kin_name),
    next_of_kin_phone: text(value.next_of_kin_phone),
    next_of_kin_address: text(value.next_of_kin_address),
    rejection_reason: text(value.rejection_reason) || null,
    documents: (Array.isArray(value.documents) ? value.documents : []).filter(isRecord).map((doc) => ({
      id: text(doc.id),
      slot: text(doc.slot),
      original_name: text(doc.original_name),
      url: text(doc.url),
    })),
    decisions: (Array.isArray(value.decisions) ? value.decisions : []).filter(isRecord).map((decision) => ({
      decision: text(decision.decision),
      tier_level: tier(decision.tier_level),
      reason: text(decision.reason) || null,
      decided_at: text(decision.decided_at),
      decided_by: isRecord(decision.decided_by) ? text(decision.decided_by.email) : "",
    })),
  };
}
