import { describe, expect, it } from "vitest";
import { clearCheckoutDetails, emptyCheckoutDetails, readCheckoutDetails, saveCheckoutDetails } from "./checkout-details";

describe("checkout details in session storage", () => {
  it("reads back what was saved, and nothing but the five fields", () => {
    const details = { ...emptyCheckoutDetails, name: "Ada Obi", hospitalNumber: "HN-42", cardNumber: "4111111111111111" };
    saveCheckoutDetails(details);
    expect(JSON.parse(sessionStorage.getItem("checkoutDetails") ?? "{}")).toEqual({
      name: "Ada Obi",
      email: "",
      phone: "",
      hospitalNumber: "HN-42",
      transactionDescription: "",
    });
    expect(readCheckoutDetails()).toEqual({ ...emptyCheckoutDetails, name: "Ada Obi", hospitalNumber: "HN-42" });
  });

  it("an emptied form and clearing remove the stored copy", () => {
    saveCheckoutDetails({ ...emptyCheckoutDetails, name: "Ada" });
    saveCheckoutDetails(emptyCheckoutDetails);
    expect(sessionStorage.getItem("checkoutDetails")).toBeNull();
    saveCheckoutDetails({ ...emptyCheckoutDetails, name: "Ada" });
    clearCheckoutDetails();
    expect(readCheckoutDetails()).toEqual(emptyCheckoutDetails);
  });

  it.each([
    ["not JSON", "{oops"],
    ["not an object", "42"],
    ["null", "null"],
  ])("reads %s as empty details", (_label, raw) => {
    sessionStorage.setItem("checkoutDetails", raw);
    expect(readCheckoutDetails()).toEqual(emptyCheckoutDetails);
  });

  it("drops fields that are not text or are far too long, keeping the rest", () => {
    sessionStorage.setItem(
      "checkoutDetails",
      JSON.stringify({ name: 7, email: "ada@example.com", phone: "x".repeat(5000), hospitalNumber: null }),
    );
    expect(readCheckoutDetails()).toEqual({ ...emptyCheckoutDetails, email: "ada@example.com" });
  });
});
