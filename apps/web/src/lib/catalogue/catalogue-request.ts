import { MESSAGES, serviceRecordSchema, type ServiceRecord } from "@hospipay/contract";
import { api, ApiError } from "../api-client";
import { t } from "../../i18n";
import { libMessages, specText } from "../messages";

/**
 * What every catalogue endpoint shares: the `{success, data}` envelope (SPEC §7 "All fail with an
 * error if success is false") and the error the dialog shows.
 */

/**
 * A catalogue failure the dialog shows as "Error: {message}", with the server's detail or the
 * endpoint's SPEC §8 text. `plain` marks an answer the app could not read at all: it is shown as
 * 'Failed to load services' without the prefix.
 */
export class CatalogueError extends Error {
  readonly plain: boolean;

  constructor(message: string, plain = false) {
    super(message);
    this.name = "CatalogueError";
    this.plain = plain;
  }
}

/** The text the dialog shows for a failed catalogue query, in the current language (SPEC texts translated). */
export function catalogueErrorText(error: unknown): string {
  if (error instanceof CatalogueError)
    return error.plain ? specText(error.message) : t(libMessages.catalogueError, { message: specText(error.message) });
  return specText(MESSAGES.catalogue.loadFailed);
}

/** The error for an answer the app cannot read. */
export function unreadableAnswer(): CatalogueError {
  return new CatalogueError(MESSAGES.catalogue.loadFailed, true);
}

/**
 * GETs a catalogue path and returns the envelope's `data`. A failed call becomes a CatalogueError
 * with the server's detail (the API sends the SPEC texts) or `failure` when there is none; an
 * envelope with `success: false` becomes `failure` too.
 */
export async function getCatalogue(
  path: string,
  failure: string,
  options: { query?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<unknown> {
  let body: unknown;
  try {
    body = await api.get(path, options);
  } catch (error) {
    if (error instanceof ApiError) throw new CatalogueError(error.detail ?? failure);
    throw error;
  }
  if (typeof body !== "object" || body === null || !("success" in body)) throw unreadableAnswer();
  const envelope = body as { success: unknown; data?: unknown };
  if (envelope.success !== true) throw new CatalogueError(failure);
  return envelope.data;
}

/** Reads a list of services; records that do not match the contract are left out, a non-list fails. */
export function readServices(data: unknown): ServiceRecord[] {
  if (!Array.isArray(data)) throw unreadableAnswer();
  return data.flatMap((item) => {
    const parsed = serviceRecordSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Reads `data[key]` as a list of services. */
export function readServicesAt(data: unknown, key: string): ServiceRecord[] {
  if (typeof data !== "object" || data === null) throw unreadableAnswer();
  return readServices((data as Record<string, unknown>)[key]);
}
