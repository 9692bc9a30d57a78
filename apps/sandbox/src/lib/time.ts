const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Nigerian gateways print local (West Africa Time, UTC+1, no daylight saving) wall-clock times. */
const WAT_OFFSET_MS = HOUR_MS;

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: number;
  minute: string;
  second: string;
  millisecond: string;
}

function watClock(date: Date): WallClock {
  const local = new Date(date.getTime() + WAT_OFFSET_MS);
  const pad = (value: number, size = 2) => String(value).padStart(size, "0");
  return {
    year: String(local.getUTCFullYear()),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hour: local.getUTCHours(),
    minute: pad(local.getUTCMinutes()),
    second: pad(local.getUTCSeconds()),
    millisecond: pad(local.getUTCMilliseconds(), 3),
  };
}

/** "2026-11-21 14:05:09" in WAT. */
export function watDateTime(date: Date): string {
  const c = watClock(date);
  return `${c.year}-${c.month}-${c.day} ${String(c.hour).padStart(2, "0")}:${c.minute}:${c.second}`;
}

/** "2026-11-21 14:05:09.123" in WAT (Monnify). */
export function watDateTimeMillis(date: Date): string {
  return `${watDateTime(date)}.${watClock(date).millisecond}`;
}

/** "2026-11-21 02:05:09 PM" in WAT (Remita status answers). */
export function watDateTime12h(date: Date): string {
  const c = watClock(date);
  const hour12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${c.year}-${c.month}-${c.day} ${String(hour12).padStart(2, "0")}:${c.minute}:${c.second} ${c.hour < 12 ? "AM" : "PM"}`;
}

/** "21/11/2026" in WAT. */
export function watDate(date: Date): string {
  const c = watClock(date);
  return `${c.day}/${c.month}/${c.year}`;
}

/** "21/11/2026 14:05:09" in WAT (Monnify's settlement times). */
export function watDateTimeDmy(date: Date): string {
  return `${watDate(date)} ${watDateTime(date).slice(11)}`;
}

/** "20261121140509" in WAT (inside Monnify transaction references). */
export function watCompact(date: Date): string {
  return watDateTime(date).replace(/\D/g, "");
}

/** Midnight UTC of the calendar date written "2026-11-21"; null when the text is not a real date. */
export function parseCalendarDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls 31 February over into March and maps years 0-99 to 1900-1999: such text is no date.
  return day.toISOString().slice(0, 10) === text ? day : null;
}

/** The instants [start, end) of the WAT day on the calendar date `day` (its midnight UTC). */
export function watDaySpan(day: Date): { start: Date; end: Date } {
  const start = new Date(day.getTime() - WAT_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The instant it is `hour`:00 WAT on the calendar date `day` (its midnight UTC). */
export function watHourOn(day: Date, hour: number): Date {
  return new Date(watDaySpan(day).start.getTime() + hour * HOUR_MS);
}
