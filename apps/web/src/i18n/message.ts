import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/** An ICU message: its source text, or its parsed form (a production build parses them ahead of time). */
export type Message = string | MessageFormatElement[];

/** Whether messages arrive parsed (a production build, vite-i18n.ts), so that a string is plain text. */
export const PRECOMPILED = typeof __I18N_PRECOMPILED__ !== "undefined" && __I18N_PRECOMPILED__;

/** A message's parsed form: built ahead of time in production, parsed here in development and tests. */
export function messageAst(message: Message): MessageFormatElement[] {
  if (typeof message !== "string") return message;
  return PRECOMPILED ? [{ type: TYPE.literal, value: message }] : parse(message);
}
