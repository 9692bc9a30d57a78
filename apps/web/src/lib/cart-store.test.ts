import type { CartLine } from "@hospipay/contract";
import { describe, expect, it } from "vitest";
import { addLine, cart, getCart, parseCart, removeLine, totalQuantity, updateLineQuantity } from "./cart-store";

const line = (id: CartLine["id"], quantity = 1, price: CartLine["price"] = "1000.00"): CartLine => ({
  id,
  name: `Service ${id}`,
  price,
  quantity,
  department: "Lab",
});

describe("cart rules (SPEC §4)", () => {
  it("adding an existing item increases its quantity by the amount given", () => {
    const lines = addLine(addLine([], line(1, 2)), line(1, 3));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(5);
    // "12" and 12 are one service.
    expect(addLine([line(12, 1)], line("12", 4))).toEqual([{ ...line(12, 5) }]);
  });

  it("adding a new item appends it", () => {
    expect(addLine([line(1)], line(2)).map((item) => item.id)).toEqual([1, 2]);
  });

  it.each([0, -1])("updating a quantity to %i removes the item", (quantity) => {
    expect(updateLineQuantity([line(1), line(2)], 1, quantity).map((item) => item.id)).toEqual([2]);
  });

  it("updating to a positive quantity sets it", () => {
    expect(updateLineQuantity([line(1, 1)], 1, 7)[0]?.quantity).toBe(7);
  });

  it("removes items individually", () => {
    expect(removeLine([line(1), line(2), line(3)], 2).map((item) => item.id)).toEqual([1, 3]);
  });

  it("counts total quantity for the badge", () => {
    expect(totalQuantity([line(1, 2), line(2, 3)])).toBe(5);
    expect(totalQuantity([])).toBe(0);
  });
});

describe("cart store", () => {
  it("saves the cart under `cart` on every change", () => {
    cart.add(line(1, 1));
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([line(1, 1)]);
    cart.add(line(1, 2));
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")[0].quantity).toBe(3);
    cart.updateQuantity(1, 9);
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")[0].quantity).toBe(9);
    cart.add(line(2, 1));
    cart.remove(1);
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([line(2, 1)]);
    expect(getCart()).toEqual([line(2, 1)]);
  });

  it("clearing empties the cart and removes the stored copy", () => {
    cart.add(line(1, 1));
    cart.clear();
    expect(localStorage.getItem("cart")).toBeNull();
    expect(getCart()).toEqual([]);
  });

  it("reads what another tab stored and drops invalid lines", () => {
    localStorage.setItem("cart", JSON.stringify([line(5, 2), { id: 6 }, "x", { ...line(7), quantity: 1.5 }]));
    expect(getCart()).toEqual([line(5, 2)]);
    expect(parseCart("not json")).toEqual([]);
    expect(parseCart('{"id":1}')).toEqual([]);
  });
});

describe("cart lines added from the service selection dialog", () => {
  const record = {
    id: 5,
    name: "Service 5",
    price: "1000.00",
    fixed_price: "yes",
    department: { id: 1, name: "Lab" },
    head_code: "HC-5",
    service_type_id: 4430731,
  };

  it("keep their catalogue record through storage", () => {
    cart.add({ ...line(5, 1), service: record });
    expect(getCart()[0]?.service).toEqual(record);
    expect(parseCart(localStorage.getItem("cart"))[0]?.service).toEqual(record);
  });

  it("drop a stored record that is not one, keeping the line", () => {
    localStorage.setItem(
      "cart",
      JSON.stringify([
        { ...line(5, 2), service: "junk" },
        { ...line(6, 1), service: { name: "no id" } },
      ]),
    );
    expect(getCart()).toEqual([line(5, 2), line(6, 1)]);
  });
});
