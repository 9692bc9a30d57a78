import { koboToDecimal, nairaToKobo, type ServiceRecord } from "@hospipay/contract";
import type { CartItem } from "../../../lib/cart-store";

/**
 * The service selection dialog's state and its SPEC §4 rules, as a pure reducer:
 * - selecting a row toggles it in or out; quantity starts at 1 and never goes below 1;
 * - choosing a department clears the service search text, the selection and the department search;
 * - on an open-price service (fixed_price 'no', price 0) a positive price selects it with that price,
 *   and clearing the price (or anything that is not a positive amount) removes it.
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
}

export type SelectionAction =
  | { type: "toggle"; service: ServiceRecord }
  | { type: "setQuantity"; id: ServiceRecord["id"]; quantity: number }
  | { type: "setPrice"; service: ServiceRecord; text: string }
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
};

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
      const priceKobo = enteredPriceKobo(action.text);
      if (priceKobo === null) return { ...state, prices, selected: withoutLine(state.selected, action.service.id) };
      const existing = state.selected.some((line) => serviceKey(line.service.id) === key);
      const selected = existing
        ? state.selected.map((line) => (serviceKey(line.service.id) === key ? { ...line, priceKobo } : line))
        : [...state.selected, { service: action.service, quantity: 1, priceKobo }];
      return { ...state, prices, selected };
    }
    case "chooseDepartment":
      return { ...state, departmentId: action.departmentId, serviceSearch: "", departmentSearch: "", selected: [], prices: {} };
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
