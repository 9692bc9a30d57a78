import type { z } from "zod";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { HmosAnswerError } from "../api/hmos-api";
import { hmoFormMessages as f, hmosMessages as m } from "../messages";

/** Each field's first message (by its path: "name", "rules.0.department"), and a message for the form. */
export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

/** The contract's checks, as the server makes them: each path's first message, in the current language. */
export function checkWith(schema: z.ZodType, draft: unknown): Record<string, string> {
  const parsed = schema.safeParse(draft);
  const fields: Record<string, string> = {};
  if (parsed.success) return fields;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join(".");
    if (path && fields[path] === undefined) fields[path] = specText(issue.message);
  }
  return fields;
}

/** What a refused save says: the server's field errors beside their fields, else one message for the form. */
export function saveFailure(error: unknown): FormErrors {
  if (error instanceof HmosAnswerError || !(error instanceof ApiError)) return { fields: {}, general: t(f.saveFailed) };
  if (error.status === 0) return { fields: {}, general: t(m.networkError) };
  const fields = Object.fromEntries(
    Object.entries(error.fieldErrors)
      .filter(([key, messages]) => key !== "non_field_errors" && messages.length > 0)
      .map(([key, messages]) => [key, specText(messages[0]!)]),
  );
  const general = Object.keys(fields).length === 0 ? (error.detail ? specText(error.detail) : t(f.saveFailed)) : null;
  return { fields, general };
}

/** Moves focus to the first field in error inside `box`, once the messages are drawn. */
export function focusFirstInvalid(box: HTMLElement | null): void {
  requestAnimationFrame(() => box?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
