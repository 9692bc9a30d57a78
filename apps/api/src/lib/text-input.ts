import { errors } from "./errors";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored, in DRF CharField's words, or null. PostgreSQL text and jsonb hold neither
 * U+0000 nor an unpaired surrogate (JSON lets "\u0000" and "\ud800" through), and no client needs them.
 */
function unstorable(text: string): string | null {
  if (text.includes("\u0000")) return "Null characters are not allowed.";
  const surrogate = LONE_SURROGATE.exec(text)?.[0];
  if (surrogate) return `Surrogate characters are not allowed: U+${surrogate.charCodeAt(0).toString(16).toUpperCase()}.`;
  return null;
}

/**
 * The first string or key of a parsed input that cannot be stored, as a DRF-style field path (`a.b.0`;
 * "non_field_errors" for a bare string) and its message. Iterative: bodies may nest deeply.
 */
export function unstorableText(value: unknown): { path: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      const message = unstorable(item);
      if (message) return { path: path || "non_field_errors", message };
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        const message = unstorable(key);
        if (message) return { path: childPath, message };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Refuses an input holding text the database cannot store with a 400 under its field, before any query. */
export function refuseUnstorableText(value: unknown, detail = "Invalid input."): void {
  const found = unstorableText(value);
  if (found) throw errors.validation({ [found.path]: [found.message] }, detail);
}
