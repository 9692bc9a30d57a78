import { STORAGE_KEYS } from "@hospipay/contract";
import { readRaw, writeRaw } from "../../lib/storage";

/** The thermal paper widths the desk prints on, in millimetres: 80 mm first (the default), then 58 mm. */
export const PAPER_WIDTHS = [80, 58] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** The width this device prints on (localStorage `printPaper`); 80 mm when none was chosen or the value is unknown. */
export function readPaperWidth(): PaperWidth {
  const stored = Number(readRaw(STORAGE_KEYS.printPaper));
  return PAPER_WIDTHS.find((width) => width === stored) ?? PAPER_WIDTHS[0];
}

/** Remembers the width for the next slip printed on this device. */
export function savePaperWidth(width: PaperWidth): void {
  writeRaw(STORAGE_KEYS.printPaper, String(width));
}
