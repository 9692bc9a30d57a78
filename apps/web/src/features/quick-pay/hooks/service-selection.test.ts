import type { ServiceRecord } from "@hospipay/contract";
import { describe, expect, it } from "vitest";
import {
  enteredPriceKobo,
  initialSelection,
  isOpenPrice,
  PRICE_MESSAGES,
  priceErrors,
  selectionReducer,
  toCartItem,
  type SelectionState,
} from "./service-selection";

const fixed: ServiceRecord = {
  id: 1,
  name: "X-Ray",
  price: "12000.00",
  fixed_price: "yes",
  department: { id: 2, name: "Radiology" },
};
const open: ServiceRecord = { id: "7", name: "Deposit", price: 0, fixed_price: "No", department: { id: 3, name: "Pharmacy" } };
const unreadable: ServiceRecord = { id: 9, name: "Broken", price: "n/a", fixed_price: "yes" };

const run = (...actions: Parameters<typeof selectionReducer>[1][]): SelectionState =>
  actions.reduce(selectionReducer, initialSelection);

describe("selection reducer (SPEC §4)", () => {
  it("recognises open prices: fixed_price 'no' and a zero price", () => {
    expect(isOpenPrice(open)).toBe(true);
    expect(isOpenPrice(fixed)).toBe(false);
    expect(isOpenPrice({ ...fixed, fixed_price: "no" })).toBe(false);
  });

  it("toggles a row in at quantity 1 and out again", () => {
    const selected = run({ type: "toggle", service: fixed });
    expect(selected.selected).toEqual([{ service: fixed, quantity: 1, priceKobo: 1_200_000 }]);
    expect(selectionReducer(selected, { type: "toggle", service: fixed }).selected).toEqual([]);
  });

  it("never lets a quantity go below 1", () => {
    const state = run({ type: "toggle", service: fixed }, { type: "setQuantity", id: 1, quantity: 0 });
    expect(state.selected[0]?.quantity).toBe(1);
    expect(run({ type: "toggle", service: fixed }, { type: "setQuantity", id: "1", quantity: 4 }).selected[0]?.quantity).toBe(4);
  });

  it("does not select an open-price service without a price, nor one whose price cannot be read", () => {
    expect(run({ type: "toggle", service: open }).selected).toEqual([]);
    expect(run({ type: "toggle", service: unreadable }).selected).toEqual([]);
  });

  it("selects an open-price service with a positive entered price and removes it when the price is cleared or not positive", () => {
    let state = run({ type: "setPrice", service: open, text: "250.5" });
    expect(state.selected).toEqual([{ service: open, quantity: 1, priceKobo: 25_050 }]);
    state = selectionReducer(selectionReducer(state, { type: "setQuantity", id: "7", quantity: 3 }), {
      type: "setPrice",
      service: open,
      text: "300",
    });
    expect(state.selected).toEqual([{ service: open, quantity: 3, priceKobo: 30_000 }]);
    for (const text of ["", "0", "-5", "1.234", "abc"]) {
      expect(selectionReducer(state, { type: "setPrice", service: open, text }).selected).toEqual([]);
    }
    expect(enteredPriceKobo(" 10 ")).toBe(1_000);
  });

  it.each([
    ["-5", PRICE_MESSAGES.negative],
    ["-0.5", PRICE_MESSAGES.negative],
    ["0", PRICE_MESSAGES.zero],
    ["0.00", PRICE_MESSAGES.zero],
    ["1.234", PRICE_MESSAGES.invalid],
    ["abc", PRICE_MESSAGES.invalid],
  ])("a typed price %s has a message and selects nothing", (text, message) => {
    const state = run({ type: "setPrice", service: open, text });
    expect(priceErrors(state)).toEqual({ "7": message });
    expect(state.selected).toEqual([]);
  });

  it("a price the browser could not read as a number (its value is then empty) has a message until it is retyped", () => {
    const state = run({ type: "setPrice", service: open, text: "", unreadable: true });
    expect(priceErrors(state)).toEqual({ "7": PRICE_MESSAGES.invalid });
    const fixedUp = selectionReducer(state, { type: "setPrice", service: open, text: "20" });
    expect(priceErrors(fixedUp)).toEqual({});
    expect(fixedUp.selected).toEqual([{ service: open, quantity: 1, priceKobo: 2_000 }]);
  });

  it("an empty or positive price has no message", () => {
    expect(priceErrors(run({ type: "setPrice", service: open, text: "" }))).toEqual({});
    expect(priceErrors(run({ type: "setPrice", service: open, text: "1500.50" }))).toEqual({});
  });

  it("choosing a department clears the service search, the selection and the department search", () => {
    const state = run(
      { type: "setServiceSearch", text: "x-ray" },
      { type: "setDepartmentSearch", text: "rad" },
      { type: "toggle", service: fixed },
      { type: "setPrice", service: open, text: "10" },
      { type: "chooseDepartment", departmentId: "2" },
    );
    expect(state).toEqual({ ...initialSelection, departmentId: "2" });
  });

  it("turns a selected line into a cart line that keeps the catalogue record and the entered price", () => {
    const state = run({ type: "setPrice", service: open, text: "99.9" }, { type: "setQuantity", id: "7", quantity: 2 });
    expect(toCartItem(state.selected[0]!)).toEqual({
      id: "7",
      name: "Deposit",
      description: null,
      price: "99.90",
      quantity: 2,
      department: "Pharmacy",
      category: null,
      service: open,
    });
  });
});
