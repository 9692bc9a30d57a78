import { STORAGE_KEYS } from "@hospipay/contract";
import type { MessageDescriptor } from "../../../i18n";
import { TAB_SESSION_KEY } from "../../../lib/payer-caches";
import { areaMessages, dataMessages as m } from "../messages";

export type StorageArea = "local" | "session";

/** Where an item lives, in the pages' words. */
export const AREA_LABELS: Record<StorageArea, MessageDescriptor> = areaMessages;

/** One thing the app keeps in this browser, in plain words for the Cookie Policy and Privacy Settings. */
export interface BrowserDataEntry {
  key: string;
  area: StorageArea;
  /** What it is, as a payer would name it. */
  label: MessageDescriptor;
  /** What it holds and why the app keeps it. */
  purpose: MessageDescriptor;
  /** When it goes away without the payer doing anything. */
  lasts: MessageDescriptor;
  /** The key is this prefix followed by a name (one item per e-mail address). */
  prefix?: boolean;
}

/**
 * Every key the app writes, so that both pages say exactly what is stored. Keys written by other
 * features are named here by their string, not imported: features do not import each other, and the
 * Privacy Settings page also lists (and clears) any key of this site that is missing from this table.
 */
export const BROWSER_DATA: readonly BrowserDataEntry[] = [
  {
    key: STORAGE_KEYS.token,
    area: "local",
    label: m.tokenLabel,
    purpose: m.tokenPurpose,
    lasts: m.tokenLasts,
  },
  {
    key: STORAGE_KEYS.user,
    area: "local",
    label: m.userLabel,
    purpose: m.userPurpose,
    lasts: m.userLasts,
  },
  {
    key: STORAGE_KEYS.cart,
    area: "local",
    label: m.cartLabel,
    purpose: m.cartPurpose,
    lasts: m.cartLasts,
  },
  {
    key: STORAGE_KEYS.locale,
    area: "local",
    label: m.localeLabel,
    purpose: m.localePurpose,
    lasts: m.localeLasts,
  },
  {
    key: STORAGE_KEYS.printPaper,
    area: "local",
    label: m.printPaperLabel,
    purpose: m.printPaperPurpose,
    lasts: m.printPaperLasts,
  },
  {
    key: STORAGE_KEYS.identifier,
    area: "local",
    label: m.identifierLabel,
    purpose: m.identifierPurpose,
    lasts: m.identifierLasts,
  },
  {
    key: STORAGE_KEYS.allHospitalRecords,
    area: "local",
    label: m.recordsLabel,
    purpose: m.recordsPurpose,
    lasts: m.recordsLasts,
  },
  {
    key: "remitaWidget",
    area: "local",
    label: m.remitaLabel,
    purpose: m.remitaPurpose,
    lasts: m.remitaLasts,
  },
  {
    key: "resendAvailableAt:",
    prefix: true,
    area: "session",
    label: m.resendLabel,
    purpose: m.resendPurpose,
    lasts: m.resendLasts,
  },
  {
    key: "checkoutDetails",
    area: "session",
    label: m.checkoutLabel,
    purpose: m.checkoutPurpose,
    lasts: m.checkoutLasts,
  },
  {
    key: "react-router-scroll-positions",
    area: "session",
    label: m.scrollLabel,
    purpose: m.scrollPurpose,
    lasts: m.scrollLasts,
  },
  {
    key: TAB_SESSION_KEY,
    area: "session",
    label: m.offlineSessionLabel,
    purpose: m.offlineSessionPurpose,
    lasts: m.offlineSessionLasts,
  },
];

/** A key this site has stored in this browser right now, with its description when the app knows it. */
export interface StoredItem {
  key: string;
  area: StorageArea;
  entry: BrowserDataEntry | undefined;
}

function storageOf(area: StorageArea): Storage | null {
  try {
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage may be disabled (some private modes): then nothing is kept.
    return null;
  }
}

function keysOf(storage: Storage | null): string[] {
  if (!storage) return [];
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** What this browser keeps for this site now: the known entries first, in table order, then any other key. */
export function readBrowserData(): StoredItem[] {
  const items: StoredItem[] = [];
  for (const area of ["local", "session"] as const) {
    for (const key of keysOf(storageOf(area))) {
      items.push({
        key,
        area,
        entry: BROWSER_DATA.find(
          (entry) => entry.area === area && (entry.prefix ? key.startsWith(entry.key) : entry.key === key),
        ),
      });
    }
  }
  const rank = (item: StoredItem) => (item.entry ? BROWSER_DATA.indexOf(item.entry) : BROWSER_DATA.length);
  return items.sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
}

/**
 * Removes everything this site keeps in this browser's local and session storage. The site's origin
 * is the app's alone, so every key there is one of the app's, including any a newer screen added.
 */
export function clearBrowserData(): void {
  for (const area of ["local", "session"] as const) {
    try {
      storageOf(area)?.clear();
    } catch {
      // Nothing more can be removed from a storage that refuses.
    }
  }
}
