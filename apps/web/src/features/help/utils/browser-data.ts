import { STORAGE_KEYS } from "@hospipay/contract";

export type StorageArea = "local" | "session";

/** Where an item lives, in the pages' words. */
export const AREA_LABELS: Record<StorageArea, string> = {
  local: "Kept on this browser",
  session: "This tab only",
};

/** One thing the app keeps in this browser, in plain words for the Cookie Policy and Privacy Settings. */
export interface BrowserDataEntry {
  key: string;
  area: StorageArea;
  /** What it is, as a payer would name it. */
  label: string;
  /** What it holds and why the app keeps it. */
  purpose: string;
  /** When it goes away without the payer doing anything. */
  lasts: string;
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
    label: "Your sign-in",
    purpose: "A session token that keeps you signed in on this browser. It is sent only to Hospipay's own server.",
    lasts: "Until you log out; the server stops accepting it when it expires.",
  },
  {
    key: STORAGE_KEYS.user,
    area: "local",
    label: "Your profile, as last loaded",
    purpose:
      "Your name, e-mail address, phone number, hospital number, next of kin, role, wallet balance and latest transactions, as the server last sent them, so that the screens can show them at once.",
    lasts: "Until you log out.",
  },
  {
    key: STORAGE_KEYS.cart,
    area: "local",
    label: "Your cart",
    purpose: "The services you chose and their quantities, so that they are still there when you come back.",
    lasts: "Until you pay, remove them or clear this browser's data.",
  },
  {
    key: STORAGE_KEYS.identifier,
    area: "local",
    label: "The e-mail address waiting for verification",
    purpose: "After you create a wallet, the verification page needs to know which account the code is for.",
    lasts: "Until the account is verified.",
  },
  {
    key: STORAGE_KEYS.allHospitalRecords,
    area: "local",
    label: "The hospital's service list",
    purpose: "A copy of the hospital's services and prices, so that the service selection opens quickly. No personal data.",
    lasts: "Replaced when the list is loaded again.",
  },
  {
    key: "remitaWidget",
    area: "local",
    label: "Remita's payment window settings",
    purpose:
      "The address of Remita's payment window and the hospital's public Remita key, so that a pending top-up can be resumed. No personal data.",
    lasts: "Replaced by your next top-up.",
  },
  {
    key: "resendAvailableAt:",
    prefix: true,
    area: "session",
    label: "When a new verification code can be sent",
    purpose: "So that the 'Resend code' button waits the 60 seconds between two codes, one item per e-mail address.",
    lasts: "Until you close the tab.",
  },
  {
    key: "checkoutDetails",
    area: "session",
    label: "The payer's details you typed at checkout",
    purpose:
      "Name, e-mail address, phone number, hospital number and description, so that a reload of the payment page keeps them. Never card details.",
    lasts: "Until the payment completes, the cart is cleared or you close the tab.",
  },
  {
    key: "react-router-scroll-positions",
    area: "session",
    label: "Scroll positions",
    purpose: "So that Back returns you to where you were on the previous page.",
    lasts: "Until you close the tab.",
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
