/** Nigerian gateways print local (West Africa Time, UTC+1, no daylight saving) wall-clock times. */
const WAT_OFFSET_MS = 60 * 60 * 1000;

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

/** "20261121140509" in WAT (inside Monnify transaction references). */
export function watCompact(date: Date): string {
  return watDateTime(date).replace(/\D/g, "");
}
