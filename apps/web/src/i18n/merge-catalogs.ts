import type { Message } from "./message";

/** One language's catalog from its files (each folder's `i18n/<language>.json`), keyed by message id. */
export function mergeCatalogFiles<M extends Message>(files: Record<string, Record<string, M>>): Record<string, M> {
  const merged: Record<string, M> = {};
  for (const [file, messages] of Object.entries(files)) {
    for (const [id, text] of Object.entries(messages)) {
      if (id in merged) throw new Error(`message ${id} is defined twice (again in ${file})`);
      merged[id] = text;
    }
  }
  return merged;
}

/** Every English message of the app (each folder's `messages.ts`), by id. */
export function englishMessages(modules: Record<string, Record<string, unknown>>): Map<string, Message> {
  const english = new Map<string, Message>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (value instanceof Map) {
      for (const inner of value.values()) visit(inner);
      return;
    }
    const descriptor = value as { id?: unknown; defaultMessage?: unknown };
    const text = descriptor.defaultMessage;
    if (typeof descriptor.id === "string" && (typeof text === "string" || Array.isArray(text))) {
      const known = english.get(descriptor.id);
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(text)) {
        throw new Error(`message ${descriptor.id} has two English texts: ${JSON.stringify(known)} and ${JSON.stringify(text)}`);
      }
      english.set(descriptor.id, text as Message);
      return;
    }
    for (const inner of Object.values(value)) visit(inner);
  };
  for (const module of Object.values(modules)) visit(module);
  return english;
}
