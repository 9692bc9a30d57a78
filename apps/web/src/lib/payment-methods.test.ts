import { describe, expect, it } from "vitest";
import { mockApi } from "../test/mock-api";
import { getPaymentMethods } from "./payment-methods";

describe("getPaymentMethods", () => {
  it("reads every method the server lists, in its order, and its key as the name when it sent none", async () => {
    mockApi({
      "GET /express/methods/": {
        body: {
          payment_methods: [
            { key: "wallet", name: "Wallet" },
            { key: "paystack", name: " " },
            null,
            { name: "No key" },
            { key: 7, name: "Number key" },
            { key: "bank_transfer" },
          ],
        },
      },
    });
    expect(await getPaymentMethods()).toEqual([
      { key: "wallet", name: "Wallet" },
      { key: "paystack", name: "paystack" },
      { key: "bank_transfer", name: "bank_transfer" },
    ]);
  });

  it("reads an answer without a list as no methods", async () => {
    mockApi({ "GET /express/methods/": { body: { detail: "odd" } } });
    expect(await getPaymentMethods()).toEqual([]);
  });
});
