import { TYPE } from "@formatjs/icu-messageformat-parser";
import { FIELD_MESSAGES, MESSAGES } from "@hospipay/contract";
import { t, type MessageDescriptor } from "../i18n";

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
