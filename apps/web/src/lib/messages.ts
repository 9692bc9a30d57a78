import { TYPE } from "@formatjs/icu-messageformat-parser";
import { FIELD_MESSAGES, MESSAGES } from "@hospipay/contract";
import { defineMessages, t, type MessageDescriptor } from "../i18n";

/**
 * SPEC's texts (contract MESSAGES and FIELD_MESSAGES) as messages: their English is the contract's, word
 * for word, and their translations are in `lib/i18n/`. `specText(MESSAGES.login.failed)` shows one in the
 * current language; ids follow the contract's paths (`spec.login.failed`, `field.required`).
 */
function descriptors(prefix: string, texts: object, into: Map<string, MessageDescriptor> = new Map()) {
  for (const [key, value] of Object.entries(texts)) {
    // Already in parsed form (one literal), so that no parser is needed to show it.
    if (typeof value === "string") into.set(value, { id: `${prefix}.${key}`, defaultMessage: [{ type: TYPE.literal, value }] });
    else if (value && typeof value === "object") descriptors(`${prefix}.${key}`, value, into);
  }
  return into;
}

export const specMessages: ReadonlyMap<string, MessageDescriptor> = descriptors(
  "field",
  FIELD_MESSAGES,
  descriptors("spec", MESSAGES),
);

/**
 * A SPEC text (or a server message that is one) in the current language; any other text as it came — the
 * server's own explanations are English.
 */
export function specText(text: string): string {
  const descriptor = specMessages.get(text);
  return descriptor ? t(descriptor) : text;
}

/**
 * SPEC texts the contract builds with a value (`MESSAGES.bills.partTooLarge(rest)`), as messages with a
 * placeholder: `t(specFormats.partTooLarge, { rest: formatNaira(kobo) })`.
 */
export const specFormats = defineMessages({
  partTooSmall: { id: "spec.bills.partTooSmall", defaultMessage: "A part must be at least {minimum}." },
  partTooLarge: { id: "spec.bills.partTooLarge", defaultMessage: "Only {rest} is left to pay on this bill." },
});

/** Texts built in lib: status and method names as shown, the catalogue's and the API client's errors. */
export const libMessages = defineMessages({
  catalogueError: { id: "lib.catalogue.error", defaultMessage: "Error: {message}" },
  requestFailed: { id: "lib.api.requestFailed", defaultMessage: "Request failed with status {status}" },
  paymentStatus: {
    id: "lib.paymentStatus.label",
    defaultMessage:
      "{status, select, success {success} successful {successful} completed {completed} paid {paid} pending {pending} awaiting_payment {awaiting payment} processing {processing} failed {failed} declined {declined} cancelled {cancelled} canceled {canceled} expired {expired} refunded {refunded} unknown {unknown} other {{word}}}",
  },
  /**
   * The twelve short month names, January first, space-separated: a day's month where the browser has no
   * date data for the language (wat-time.ts). English dates never use them (the contract's fixed form).
   */
  months: { id: "lib.date.months", defaultMessage: "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec" },
  /** SPEC's status word with what explains it beside it: "pending (awaiting payment)". */
  paymentStatusWithNote: { id: "lib.paymentStatus.withNote", defaultMessage: "{word} ({note})" },
  paymentMethod: {
    id: "lib.paymentMethod.name",
    defaultMessage:
      "{method, select, wallet {Wallet} remita {Remita} monnify {Monnify (bank transfer)} paystack {Paystack} bank_transfer {Bank transfer} cash {Cash} pos {POS (card terminal)} other {{name}}}",
  },
  paymentMethodChoice: {
    id: "lib.paymentMethod.choice",
    defaultMessage:
      "{method, select, wallet {Wallet} remita {Remita (card, bank, USSD)} monnify {Bank transfer to a one-time account (Monnify)} paystack {Paystack (card)} bank_transfer {Direct bank transfer to the hospital} other {{name}}}",
  },
});

/** Being offline (lib/offline.ts): the banner, the refusal of a pay or fund action, the Cookie Policy's note. */
export const offlineMessages = defineMessages({
  banner: {
    id: "lib.offline.banner",
    defaultMessage: "You are offline. You can browse services and receipts you have already opened; paying needs a connection.",
  },
  payRefusal: { id: "lib.offline.payRefusal", defaultMessage: "You are offline. Paying needs an internet connection." },
});
