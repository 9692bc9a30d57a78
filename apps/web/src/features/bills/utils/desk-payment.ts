import { CASH_DESK_MESSAGES, deskPaymentSchema, nairaToKobo, type DeskMethodKey } from "@hospipay/contract";
import { t, type MessageDescriptor } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { failureText } from "../api/bills-error";
import { deskPaymentMessages as m } from "../desk-payment.messages";

/**
 * What taking money at the desk shares, whatever is paid (a bill's part in its dialog, or a cart on the "Desk sale"
 * screen): the server's texts in the current language, the checks of the method's fields, the change, and where a
 * refusal is shown.
 */

/** The contract's (and so the server's) desk texts, in the current language; any other as SPEC text or as it came. */
const DESK_TEXTS = new Map<string, MessageDescriptor>([
  [CASH_DESK_MESSAGES.noOpenShift, m.noShiftPlain],
  [CASH_DESK_MESSAGES.awaitingSignoff, m.awaitingSignoff],
  [CASH_DESK_MESSAGES.collectsNoMoney, m.collectsNoMoney],
  [CASH_DESK_MESSAGES.terminalReferenceRequired, m.referenceRequired],
  [CASH_DESK_MESSAGES.terminalReferenceFormat, m.referenceFormat],
  [CASH_DESK_MESSAGES.terminalReferenceUsed, m.referenceUsed],
  [CASH_DESK_MESSAGES.tenderedTooLittle, m.tenderedTooLittle],
]);

/** A desk text of the contract or the server, in the current language. */
export function deskText(text: string): string {
  const descriptor = DESK_TEXTS.get(text);
  return descriptor ? t(descriptor) : specText(text);
}

/** The method's fields as typed: the cash handed over (cash) or the slip's reference (POS). */
export interface DeskMethodDraft {
  method: DeskMethodKey;
  tendered: string;
  reference: string;
}

/** The cash handed over, in kobo; null when none was typed or it cannot be read. */
export function tenderedKobo(draft: DeskMethodDraft): number | null {
  return draft.tendered.trim() ? nairaToKobo(draft.tendered.trim()) : null;
}

/** The change to give back for cash that covers what is due (kobo), else null. */
export function changeKobo(draft: DeskMethodDraft, dueKobo: number | null): number | null {
  const handed = tenderedKobo(draft);
  return draft.method === "cash" && dueKobo !== null && dueKobo > 0 && handed !== null && handed >= dueKobo
    ? handed - dueKobo
    : null;
}

/** The method's fields as the body sends them: the cash handed over only for cash, the reference only for POS. */
export function methodBody(draft: DeskMethodDraft): { tendered?: string; terminal_reference?: string } {
  return {
    ...(draft.method === "cash" && draft.tendered.trim() ? { tendered: draft.tendered.trim() } : {}),
    ...(draft.method === "pos" ? { terminal_reference: draft.reference.trim() } : {}),
  };
}

/** The form's own checks of the method's fields, in its words. */
export function methodFieldErrors(
  draft: DeskMethodDraft,
  dueKobo: number | null,
): { tendered?: string; terminal_reference?: string } {
  const found: { tendered?: string; terminal_reference?: string } = {};
  const handed = tenderedKobo(draft);
  if (draft.method === "cash" && draft.tendered.trim()) {
    if (handed === null || handed <= 0) found.tendered = t(m.enterAmount);
    else if (dueKobo !== null && handed < dueKobo) found.tendered = t(m.tenderedTooLittle);
  }
  if (draft.method === "pos" && !draft.reference.trim()) found.terminal_reference = t(m.referenceRequired);
  return found;
}

/** What else the contract refuses of a body, on the form's `fields` (the first message of each). */
export function schemaFieldErrors<F extends string>(body: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  const parsed = deskPaymentSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as F;
      if (fields.includes(field)) found[field] ??= deskText(issue.message);
    }
  return found;
}

/**
 * Where the server's refusal is shown: a POS slip recorded before under its reference, a field's message under
 * that field, a desk text (the shift closed meanwhile) or any other failure above the form.
 */
export function deskRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
): { fields: Partial<Record<F, string>>; failure: string | null } {
  const found: Partial<Record<F, string>> = {};
  if (error instanceof ApiError && error.code === "terminal_reference_used" && fields.includes("terminal_reference" as F)) {
    found["terminal_reference" as F] = t(m.referenceUsed);
    return { fields: found, failure: null };
  }
  if (error instanceof ApiError)
    for (const field of fields) {
      const message = error.fieldError(field);
      if (message) found[field] = deskText(message);
    }
  if (Object.keys(found).length > 0) return { fields: found, failure: null };
  if (error instanceof ApiError && error.detail && DESK_TEXTS.has(error.detail))
    return { fields: found, failure: deskText(error.detail) };
  return { fields: found, failure: failureText(error, fallback) };
}
