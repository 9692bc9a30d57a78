import { STORAGE_KEYS, type CartLine, type ServiceRecord } from "@hospipay/contract";
import { useSyncExternalStore } from "react";
import { clearCheckoutDetails } from "./checkout-details";
import { readRaw, removeKey, writeRaw } from "./storage";

/**
 * The cart (SPEC §3 "Cart line", §4 "Cart"), kept in localStorage under `cart` and saved on every
 * change. The header's badge and the cart screens read it, so it lives here rather than in a feature.
 */

/**
 * A cart line as the web app keeps it: SPEC §3's fields plus, for lines added from the service
 * selection dialog, the catalogue record itself, so that checkout can send SPEC §7's service fields
 * (head_code, service_type_id, …). Lines stored before this field existed still work without it.
 */
export type CartItem = CartLine & { service?: ServiceRecord };

/** Cart line ids may be numbers or strings; "12" and 12 are the same service. */
function sameId(a: CartLine["id"], b: CartLine["id"]): boolean {
  return String(a) === String(b);
}

/** Adds a line; an existing id gets its quantity increased by the quantity given. */
export function addLine(lines: readonly CartItem[], line: CartItem): CartItem[] {
  const existing = lines.find((item) => sameId(item.id, line.id));
  if (!existing) return [...lines, line];
  return lines.map((item) => (sameId(item.id, line.id) ? { ...item, quantity: item.quantity + line.quantity } : item));
}

/** Sets a line's quantity; 0 or less removes the line. */
export function updateLineQuantity(lines: readonly CartItem[], id: CartLine["id"], quantity: number): CartItem[] {
  if (quantity <= 0) return removeLine(lines, id);
  return lines.map((item) => (sameId(item.id, id) ? { ...item, quantity } : item));
}

/** Removes one line. */
export function removeLine(lines: readonly CartItem[], id: CartLine["id"]): CartItem[] {
  return lines.filter((item) => !sameId(item.id, id));
}

/** Sum of quantities: the number the cart badge shows. */
export function totalQuantity(lines: readonly CartItem[]): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.quantity), 0);
}

/** Reads a stored cart, dropping anything that is not a valid line. */
export function parseCart(raw: string | null): CartItem[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isCartLine).map(dropInvalidService);
}

/** A stored `service` that is not a record with an id and a name is dropped; the line itself stays. */
function dropInvalidService(line: CartItem): CartItem {
  if (line.service === undefined) return line;
  const service = line.service as unknown;
  const ok =
    typeof service === "object" &&
    service !== null &&
    (typeof (service as { id?: unknown }).id === "number" || typeof (service as { id?: unknown }).id === "string") &&
    typeof (service as { name?: unknown }).name === "string";
  if (ok) return line;
  const { service: _dropped, ...rest } = line;
  return rest;
}

/**
 * The shape of contract's cartLineSchema, checked by hand: the cart is read on every page, and this
 * keeps the schema library out of the first download.
 */
function isCartLine(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const line = value as Record<string, unknown>;
  const idOk = typeof line.id === "number" || typeof line.id === "string";
  const priceOk = typeof line.price === "number" || typeof line.price === "string";
  return idOk && priceOk && typeof line.name === "string" && typeof line.quantity === "number" && Number.isInteger(line.quantity);
}

const EMPTY: CartItem[] = [];
let cachedRaw: string | null = null;
let cachedLines: CartItem[] = EMPTY;
const listeners = new Set<() => void>();

/** The current lines. Re-parsed only when the stored text changed, so the snapshot stays stable. */
export function getCart(): CartItem[] {
  const raw = readRaw(STORAGE_KEYS.cart);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = raw === null ? EMPTY : parseCart(raw);
  }
  return cachedLines;
}

function save(lines: CartItem[]): void {
  writeRaw(STORAGE_KEYS.cart, JSON.stringify(lines));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.cart) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Cart commands; each one saves the cart. */
export const cart = {
  add: (line: CartItem) => save(addLine(getCart(), line)),
  updateQuantity: (id: CartLine["id"], quantity: number) => save(updateLineQuantity(getCart(), id, quantity)),
  remove: (id: CartLine["id"]) => save(removeLine(getCart(), id)),
  /**
   * Empties the cart and removes the stored copy, and with it the guest checkout's typed details:
   * the cart is cleared when its payment completes or the payer starts over.
   */
  clear: () => {
    removeKey(STORAGE_KEYS.cart);
    clearCheckoutDetails();
    for (const listener of listeners) listener();
  },
};

/** The cart's lines, re-rendering on every change (also from other tabs). */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, getCart, () => EMPTY);
}
