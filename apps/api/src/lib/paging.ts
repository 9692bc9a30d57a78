import { errors } from "./errors";

/** The instants the database takes as parameters on both PostgreSQL and PGlite: years 1 to 9999 (UTC). */
const EARLIEST = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");
const clampInstant = (instant: Date) => new Date(Math.min(Math.max(instant.getTime(), EARLIEST), LATEST));

/**
 * A row's place in a newest-first keyset: its created_at in whole microseconds since 1970, exactly as
 * the database holds it, and its id. (A Date holds milliseconds only: a cursor cut to the millisecond
 * skipped the rows created within the same millisecond as a page's last row, with lower ids.)
 */
export interface KeysetPosition {
  createdUs: number;
  id: number;
}

/** SQL for a timestamptz column's value as a KeysetPosition's createdUs (exact: bigint microseconds). */
export const createdUsOf = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint`;

/** SQL for the instant of a createdUs parameter ($n), exact to the microsecond. */
export const instantOfUs = (param: string) => `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;

/** A keyset cursor: the position of the last row of a page, opaque to clients. */
export const encodeCursor = (position: KeysetPosition) =>
  Buffer.from(`${position.createdUs}|${position.id}`).toString("base64url");

/** Reads a cursor back; a cursor that was not made by encodeCursor is a 400 on the `cursor` field. */
export function decodeCursor(cursor: string): KeysetPosition {
  const [us, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdUs = /^-?\d{1,17}$/.test(us ?? "") ? Number(us) : NaN;
  const rowId = /^\d{1,16}$/.test(id ?? "") ? Number(id) : NaN;
  // Outside the years the database takes (or not a number at all): not a cursor this server made.
  const inRange = createdUs >= EARLIEST * 1000 && createdUs <= LATEST * 1000 + 999;
  if (!inRange || !Number.isSafeInteger(createdUs) || !Number.isSafeInteger(rowId))
    throw errors.validation({ cursor: ["Invalid cursor."] });
  return { createdUs, id: rowId };
}

/** The link to the next page: the same query with the cursor after the last row shown. */
export function nextPageLink(path: string, query: Record<string, unknown>, last: KeysetPosition, pageSize: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  params.set("cursor", encodeCursor(last));
  params.set("page_size", String(pageSize));
  return `${path}?${params.toString()}`;
}

/**
 * A range of days in West Africa Time (UTC+1, no daylight saving), end day included, as the
 * half-open instants [from, to) that SQL compares with.
 */
export function watDays(start: string | undefined, end: string | undefined): { from: Date | null; to: Date | null } {
  // Clamped: a bound before year 1 or after 9999 holds nothing on its far side, and the database refuses it.
  const day = (date: string) => clampInstant(new Date(`${date}T00:00:00+01:00`));
  return { from: start ? day(start) : null, to: end ? clampInstant(new Date(day(end).getTime() + 86_400_000)) : null };
}
