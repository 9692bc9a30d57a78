import {
  BILL_MAX_QUANTITY,
  createBillSchema,
  nairaToKobo,
  type Locale,
  type Patient,
  type ServiceRecord,
} from "@hospipay/contract";
import type { NewBillBody } from "../api/create-bill";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { billFormMessages as m } from "../messages";

/** One line of the "Raise a bill" form. */
export interface LineDraft {
  /** Stable key of the row (not sent). */
  key: number;
  departmentId: string;
  /** The chosen service's record, with its price and whether that price is open. */
  service: ServiceRecord | null;
  quantity: string;
  /** Only for an open-price service: naira typed by staff. */
  price: string;
  /** Only for an open-price service: why that price. */
  priceNote: string;
  /** For an HMO enrollee: the HMO's pre-authorisation code for the line, when the HMO gave one. */
  preauthCode: string;
}

export interface BillDraft {
  /** The register's patient the bill is for; while null, the typed details below. */
  patient: Patient | null;
  hospitalNumber: string;
  patientName: string;
  patientPhone: string;
  patientEmail: string;
  /** The patient's language (the messages about the bill are in it). */
  locale: Locale;
  dueDate: string;
  note: string;
  lines: LineDraft[];
  /** For a patient enrolled with an HMO today: whether the HMO is charged its part of each line. */
  chargeHmo: boolean;
}

/** Field → its message. Keys are the body's paths as the server names them ("items.0.price"). */
export type BillFieldErrors = Record<string, string>;

/** The head fields of the body, in the form's order: the first with an error gets the focus. */
export const HEAD_FIELDS = [
  "patient_id",
  "hospital_number",
  "patient_name",
  "patient_phone",
  "patient_email",
  "due_date",
  "note",
] as const;

let nextKey = 1;
export function emptyLine(): LineDraft {
  return { key: nextKey++, departmentId: "", service: null, quantity: "1", price: "", priceNote: "", preauthCode: "" };
}

export function emptyBill(): BillDraft {
  return {
    patient: null,
    hospitalNumber: "",
    patientName: "",
    patientPhone: "",
    patientEmail: "",
    locale: "en",
    dueDate: "",
    note: "",
    lines: [emptyLine()],
    chargeHmo: true,
  };
}

/** A catalogue service whose price the payer (here: staff) types: the provider marks it `fixed_price: "no"`. */
export function isOpenPrice(service: ServiceRecord): boolean {
  return service.fixed_price.trim().toLowerCase() === "no";
}

/** The naira a line costs, in kobo, when it can be known yet (null otherwise). */
export function lineKobo(line: LineDraft): number | null {
  if (!line.service) return null;
  const quantity = Number(line.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return null;
  const unit = nairaToKobo(isOpenPrice(line.service) ? line.price : line.service.price);
  return unit === null ? null : unit * quantity;
}

/** The body of POST /api/staff/bills/: a fixed-price line sends no price (the server prices it from the catalogue). */
export function billBody(draft: BillDraft): NewBillBody {
  // A patient of the register brings their details and language (and their HMO, unless the desk says not to
  // charge it); typed details are sent only without one.
  const patient = draft.patient
    ? { patient_id: draft.patient.id, charge_hmo: draft.chargeHmo }
    : {
        hospital_number: draft.hospitalNumber.trim(),
        patient_name: draft.patientName.trim(),
        patient_phone: draft.patientPhone.trim(),
        patient_email: draft.patientEmail.trim() || null,
        locale: draft.locale,
      };
  return {
    ...patient,
    note: draft.note.trim(),
    due_date: draft.dueDate || null,
    items: lineBodies(draft.lines, draft.patient !== null && draft.chargeHmo),
  };
}

/** The lines as the server takes them (a bill's `items`, a stay's), with their codes when an HMO is charged. */
export function lineBodies(lines: ReadonlyArray<LineDraft>, withCodes: boolean) {
  return lines.map((line) => {
    const service_id = line.service?.id ?? "";
    const quantity = Number(line.quantity);
    const code = withCodes && line.preauthCode.trim() ? { preauth_code: line.preauthCode.trim() } : {};
    return line.service && isOpenPrice(line.service)
      ? { service_id, quantity, price: line.price.trim(), price_note: line.priceNote.trim(), ...code }
      : { service_id, quantity, ...code };
  });
}

/**
 * The form's own checks before anything is sent: each line needs a service, a whole quantity and, for an
 * open price, a price above 0 and a note; the head's fields follow the contract's rules (the server's).
 */
export function validateBill(draft: BillDraft): BillFieldErrors {
  const errors: BillFieldErrors = {};
  if (!draft.patient) {
    if (!draft.hospitalNumber.trim()) errors.hospital_number = t(m.hospitalNumber);
    if (!draft.patientName.trim()) errors.patient_name = t(m.patientName);
    if (!draft.patientPhone.trim()) errors.patient_phone = t(m.patientPhone);
  }
  Object.assign(errors, validateLines(draft.lines));
  const parsed = createBillSchema.safeParse(billBody(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join(".");
      errors[key] ??= specText(issue.message);
    }
  }
  return errors;
}

/** The form's own checks of lines, keyed `items.{index}.{field}` as the server names them. */
export function validateLines(lines: ReadonlyArray<LineDraft>): BillFieldErrors {
  const errors: BillFieldErrors = {};
  lines.forEach((line, index) => {
    const at = `items.${index}`;
    if (!line.service) {
      errors[`${at}.service_id`] = t(line.departmentId ? m.chooseService : m.chooseDepartment);
      return;
    }
    const quantity = Number(line.quantity);
    if (!/^\d+$/.test(line.quantity.trim()) || quantity < 1 || quantity > BILL_MAX_QUANTITY)
      errors[`${at}.quantity`] = t(m.quantity, { max: BILL_MAX_QUANTITY });
    if (isOpenPrice(line.service)) {
      const kobo = nairaToKobo(line.price.trim());
      if (kobo === null || kobo <= 0) errors[`${at}.price`] = t(m.price);
      if (!line.priceNote.trim()) errors[`${at}.price_note`] = t(m.priceNote);
    }
  });
  return errors;
}
