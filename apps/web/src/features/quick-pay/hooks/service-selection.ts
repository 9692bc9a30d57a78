import { koboToDecimal, nairaToKobo, type ServiceRecord } from "@hospipay/contract";
import type { CartItem } from "../../../lib/cart-store";
import type { MessageDescriptor } from "../../../i18n";
import { priceMessages } from "../messages";

/**
 * The service selection dialog's state and its SPEC §4 rules, as a pure reducer:
 * - selecting a row toggles it in or out; quantity starts at 1 and never goes below 1;
 * - choosing a department clears the service search text, the selection and the department search;
 * - on an open-price service (fixed_price 'no', price 0) a positive price selects it with that price,
 *   and clearing the price (or anything that is not a positive amount) removes it; a typed price that
 *   is not a positive amount has a message (`priceErrors`), and proceeding waits until it is corrected.
 */

/** One selected service: its record, quantity and unit price in kobo (the entered one for open prices). */
export interface SelectedLine {
  service: ServiceRecord;
  quantity: number;
  priceKobo: number;
}

export interface SelectionState {
  /** The chosen department's id, "" for all departments. */
  departmentId: string;
  departmentSearch: string;
  serviceSearch: string;
  /** In the order the services were selected. */
  selected: SelectedLine[];
  /** Text of each open-price service's price input, by service id. */
  prices: Record<string, string>;
  /** Services whose price input holds text the browser cannot read as a number (its value is then ""). */
  unreadable: Record<string, true>;
  /** Names of the services with a typed price, by service id, for messages about a price out of view. */
  priceNames: Record<string, string>;
}

export type SelectionAction =
  | { type: "toggle"; service: ServiceRecord }
  | { type: "setQuantity"; id: ServiceRecord["id"]; quantity: number }
  | { type: "setPrice"; service: ServiceRecord; text: string; unreadable?: boolean }
  | { type: "chooseDepartment"; departmentId: string }
  | { type: "setDepartmentSearch"; text: string }
  | { type: "setServiceSearch"; text: string }
  | { type: "reset" };

export const initialSelection: SelectionState = {
  departmentId: "",
  departmentSearch: "",
  serviceSearch: "",
  selected: [],
  prices: {},
  unreadable: {},
  priceNames: {},
};

/** Messages of a typed price that cannot be paid. */
export const PRICE_MESSAGES = priceMessages;

/** The message for a typed price, or undefined when it is a payable amount or still empty. */
export function typedPriceError(text: string, unreadable = false): MessageDescriptor | undefined {
  const trimmed = text.trim();
  if (unreadable) return PRICE_MESSAGES.invalid;
  if (trimmed === "") return undefined;
  if (/^-\s*\d/.test(trimmed)) return PRICE_MESSAGES.negative;
  const kobo = nairaToKobo(trimmed);
  if (kobo === null) return PRICE_MESSAGES.invalid;
  return kobo === 0 ? PRICE_MESSAGES.zero : undefined;
}

/** The message of every typed price that cannot be paid, by service id. */
export function priceErrors(state: SelectionState): Record<string, MessageDescriptor> {
  const errors: Record<string, MessageDescriptor> = {};
  const keys = new Set([...Object.keys(state.prices), ...Object.keys(state.unreadable)]);
  for (const key of keys) {
    const error = typedPriceError(state.prices[key] ?? "", state.unreadable[key] === true);
    if (error) errors[key] = error;
  }
  return errors;
}

/** Ids may be numbers or strings; "12" and 12 are one service. */
export function serviceKey(id: ServiceRecord["id"]): string {
  return String(id);
}

/** SPEC §3: fixed_price 'no' with a zero price means the payer must type the price. */
export function isOpenPrice(service: ServiceRecord): boolean {
  return service.fixed_price.trim().toLowerCase() === "no" && nairaToKobo(service.price) === 0;
}

/** The listed price in kobo, or null when the catalogue's price cannot be read. */
export function listedPriceKobo(service: ServiceRecord): number | null {
  return nairaToKobo(service.price);
}

/** A typed price in kobo when it is a positive amount with at most two decimals; null otherwise. */
export function enteredPriceKobo(text: string): number | null {
  const kobo = nairaToKobo(text.trim());
  return kobo !== null && kobo > 0 ? kobo : null;
}

function withoutLine(selected: SelectedLine[], id: ServiceRecord["id"]): SelectedLine[] {
  return selected.filter((line) => serviceKey(line.service.id) !== serviceKey(id));
}

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case "toggle": {
      const key = serviceKey(action.service.id);
      if (state.selected.some((line) => serviceKey(line.service.id) === key)) {
        return { ...state, selected: withoutLine(state.selected, action.service.id) };
      }
      const priceKobo = isOpenPrice(action.service) ? enteredPriceKobo(state.prices[key] ?? "") : listedPriceKobo(action.service);
      // An open-price service needs its price first; an unreadable catalogue price cannot be paid.
      if (priceKobo === null) return state;
      return { ...state, selected: [...state.selected, { service: action.service, quantity: 1, priceKobo }] };
    }
    case "setQuantity": {
      const quantity = Math.max(1, Math.trunc(action.quantity));
      return {
        ...state,
        selected: state.selected.map((line) =>
          serviceKey(line.service.id) === serviceKey(action.id) ? { ...line, quantity } : line,
        ),
      };
    }
    case "setPrice": {
      const key = serviceKey(action.service.id);
      const prices = { ...state.prices, [key]: action.text };
      const { [key]: _wasUnreadable, ...stillUnreadable } = state.unreadable;
      const unreadable = action.unreadable ? { ...stillUnreadable, [key]: true as const } : stillUnreadable;
      const priceNames = { ...state.priceNames, [key]: action.service.name };
      const next = { ...state, prices, unreadable, priceNames };
      const priceKobo = action.unreadable ? null : enteredPriceKobo(action.text);
      if (priceKobo === null) return { ...next, selected: withoutLine(state.selected, action.service.id) };
      const existing = state.selected.some((line) => serviceKey(line.service.id) === key);
      const selected = existing
        ? state.selected.map((line) => (serviceKey(line.service.id) === key ? { ...line, priceKobo } : line))
        : [...state.selected, { service: action.service, quantity: 1, priceKobo }];
      return { ...next, selected };
    }
    case "chooseDepartment":
      return {
        ...state,
        departmentId: action.departmentId,
        serviceSearch: "",
        departmentSearch: "",
        selected: [],
        prices: {},
        unreadable: {},
        priceNames: {},
      };
    case "setDepartmentSearch":
      return { ...state, departmentSearch: action.text };
    case "setServiceSearch":
      return { ...state, serviceSearch: action.text };
    case "reset":
      return initialSelection;
  }
}

/** A selected line as a cart line, keeping the catalogue record for checkout. */
export function toCartItem(line: SelectedLine): CartItem {
  const { service } = line;
  return {
    id: service.id,
    name: service.name,
    description: service.description ?? null,
    price: koboToDecimal(line.priceKobo),
    quantity: line.quantity,
    department: service.department?.name ?? null,
    category: service.category ?? null,
    service,
  };
}
