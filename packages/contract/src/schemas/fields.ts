import { z } from "zod";
import { LIMITS, PASSWORD_MIN_LENGTH } from "../constants";
import { nairaToKobo } from "../money";
import { FIELD_MESSAGES } from "./field-messages";

// Kept in a module of its own, without zod, so that a screen showing these texts needs no schema library.
export { FIELD_MESSAGES } from "./field-messages";

/** Longest password accepted (Argon2 input is bounded to keep hashing cheap to refuse). */
const PASSWORD_MAX_LENGTH = 128;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9]{10,15}$/;

/**
 * A required string: trimmed, not blank, bounded. Too long stops the checks, so later ones (such as
 * the e-mail pattern, which backtracks) never run on an oversized value.
 */
export function requiredText(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
    .trim()
    .min(1, FIELD_MESSAGES.blank)
    .max(max, { error: FIELD_MESSAGES.maxLength(max), abort: true });
}

/** A required choice among `values`: a string first (required, not blank, bounded), then one of them. */
export function requiredChoice<T extends readonly [string, ...string[]]>(values: T) {
  return requiredText(LIMITS.name).pipe(z.enum(values, { error: `Choose one of: ${values.join(", ")}.` }));
}

/** A required calendar date, YYYY-MM-DD. */
export const requiredDateSchema = requiredText(10).pipe(z.iso.date({ error: "Enter a date as YYYY-MM-DD." }));

/** An optional string that may be empty; null and missing become "". */
export function optionalText(max: number) {
  return z
    .string({ error: FIELD_MESSAGES.notString })
    .trim()
    .max(max, FIELD_MESSAGES.maxLength(max))
    .nullish()
    .transform((value) => value ?? "");
}

/**
 * What a name may not hold: control characters (Cc), the invisible format characters (Cf: the bidi embeddings,
 * overrides, isolates and marks U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C; the zero-width U+200B–U+200D,
 * U+2060 and U+FEFF; soft hyphens, tags) and the line and paragraph separators. Staff read names in tables,
 * exports and review queues, where such characters reorder or hide what is shown ("Ada\u202Egnp.exe" reads
 * "Adaexe.png").
 */
const NAME_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const nameCheck = (text: string) => !NAME_FORBIDDEN.test(text);

/**
 * A person's name: refused with its own message when it holds a character of NAME_FORBIDDEN (checked before
 * trimming, which would quietly drop a leading U+FEFF), then as requiredText.
 */
export function personName(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
    .refine(nameCheck, { error: FIELD_MESSAGES.nameCharacters, abort: true })
    .trim()
    .min(1, FIELD_MESSAGES.blank)
    .max(max, FIELD_MESSAGES.maxLength(max));
}

/** A name that may be left out: as personName, but empty, null and missing become "". */
export function optionalPersonName(max: number) {
  return z
    .string({ error: FIELD_MESSAGES.notString })
    .refine(nameCheck, { error: FIELD_MESSAGES.nameCharacters, abort: true })
    .trim()
    .max(max, FIELD_MESSAGES.maxLength(max))
    .nullish()
    .transform((value) => value ?? "");
}

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = requiredText(LIMITS.email).toLowerCase().regex(EMAIL_RE, FIELD_MESSAGES.email);

/** A phone number: digits with an optional leading +; spaces and dashes are dropped. */
export const phoneSchema = z
  .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
  .max(LIMITS.phone * 2, FIELD_MESSAGES.maxLength(LIMITS.phone))
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().min(1, FIELD_MESSAGES.blank).regex(PHONE_RE, FIELD_MESSAGES.phone));

/** A new password: at least PASSWORD_MIN_LENGTH characters, never trimmed. */
export const newPasswordSchema = z
  .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
  .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.minLength(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.maxLength(PASSWORD_MAX_LENGTH));

/** A password being checked (login, current password): required, bounded, never trimmed. */
export const passwordInputSchema = z
  .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
  .min(1, FIELD_MESSAGES.blank)
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.maxLength(PASSWORD_MAX_LENGTH));

/** An amount in naira as the API carries it: a decimal string with at most two places (or a number). */
export const decimalAmountSchema = z.union([z.string(), z.number()]).refine((value) => nairaToKobo(value) !== null, {
  message: FIELD_MESSAGES.amount,
});

/** A decimal string as the API writes money: "1500.00". */
export const decimalStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/** An ISO-8601 timestamp string. */
export const isoDateTimeSchema = z.string();
