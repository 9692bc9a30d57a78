import type { KycInput, KycRecord, KycStatus } from "@hospipay/contract";
import { ACCOUNT_TYPES, ID_TYPES } from "@hospipay/contract";

/** The fields a customer fills in (SPEC §3 KYC record): the body of submit and update. */
export type KycFields = KycInput;

/**
 * GET /auth/kyc/me/ (contract `KycRecord`) as the screen reads it: the form's fields, and a status that may
 * be anything else the server sends (shown red).
 */
export type KycRecordView = KycFields &
  Pick<KycRecord, "id" | "tier_level" | "rejection_reason" | "documents"> & { status: KycStatus | (string & {}) };

export const EMPTY_KYC_FIELDS: KycFields = {
  account_type: "INDIVIDUAL",
  dob: "",
  address: "",
  next_of_kin_name: "",
  next_of_kin_phone: "",
  next_of_kin_address: "",
  id_number: "",
  id_type: "NIN",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Reads a KYC record answer; missing fields fall back to the form's defaults. */
export function parseKycRecord(value: unknown): KycRecordView | null {
  if (!isRecord(value)) return null;
  const accountType = ACCOUNT_TYPES.find((type) => type === value.account_type) ?? "INDIVIDUAL";
  const idType = ID_TYPES.find((type) => type === value.id_type) ?? "NIN";
  const tier = typeof value.tier_level === "number" ? value.tier_level : null;
  const documents = Array.isArray(value.documents)
    ? value.documents.filter(isRecord).map((doc) => ({
        id: text(doc.id),
        slot: text(doc.slot),
        original_name: text(doc.original_name),
        url: text(doc.url),
      }))
    : [];
  return {
    id: Number(value.id),
    account_type: accountType,
    dob: text(value.dob).slice(0, 10),
    address: text(value.address),
    next_of_kin_name: text(value.next_of_kin_name),
    next_of_kin_phone: text(value.next_of_kin_phone),
    next_of_kin_address: text(value.next_of_kin_address),
    id_number: text(value.id_number),
    id_type: idType,
    status: text(value.status),
    tier_level: tier,
    rejection_reason: typeof value.rejection_reason === "string" && value.rejection_reason ? value.rejection_reason : null,
    documents,
  };
}

/** The form's fields of a record. */
export function kycFieldsOf(record: KycRecordView | null): KycFields {
  if (!record) return EMPTY_KYC_FIELDS;
  const { account_type, dob, address, next_of_kin_name, next_of_kin_phone, next_of_kin_address, id_number, id_type } = record;
  return { account_type, dob, address, next_of_kin_name, next_of_kin_phone, next_of_kin_address, id_number, id_type };
}

/** SPEC §5: every KYC field is required. */
export function kycFieldsComplete(fields: KycFields): boolean {
  return Object.values(fields).every((value) => value.trim() !== "");
}
