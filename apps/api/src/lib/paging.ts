import { errors } from "./errors";

/** The instants the database takes as parameters on both PostgreSQL and PGlite: years 1 to 9999 (UTC). */
const EARLIEST = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");
const clampInstant = (instant: Date) => new Date(Math.min(Math.max(instant.getTime(), EARLIEST), LATEST));

/** A keyset cursor: the (created_at, id) of the last row of a page, opaque to clients. */
export const encodeCursor = (createdAt: Date, id: number) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

/** Reads a cursor back; a cursor that was not made by encodeCursor is a 400 on the `cursor` field. */
export function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  const rowId = Number(id);
  // Outside the years the database takes (or not a date at all): not a cursor this server made.
  const inRange = createdAt.getTime() >= EARLIEST && createdAt.getTime() <= LATEST;
  if (!inRange || !Number.isSafeInteger(rowId)) throw errors.validation({ cursor: ["Invalid cursor."] });
  return { createdAt, id: rowId };
}

/** The link to the next page: the same query with the cursor after the last row shown. */
export function nextPageLink(
  path: string,
  query: Record<string, unknown>,
  last: { createdAt: Date; id: number },
  pageSize: number,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  params.set("cursor", encodeCursor(last.createdAt, last.id));
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
