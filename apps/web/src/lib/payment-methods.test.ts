import { afterEach, describe, expect, it } from "vitest";
import { DESK_METHOD_KEYS, PAYMENT_METHOD_CHOICE_NAMES, PAYMENT_METHOD_KEYS, PAYMENT_METHOD_NAMES } from "@hospipay/contract";
import { activateLocale } from "../i18n/intl";
import { mockApi } from "../test/mock-api";
import { getPaymentMethods, paymentMethodChoiceText, paymentMethodText } from "./payment-methods";

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

describe("payment method names in the current language", () => {
  afterEach(() => activateLocale("en"));

  it("are the contract's names word for word in English", () => {
    for (const key of PAYMENT_METHOD_KEYS) {
      expect(paymentMethodText(key)).toBe(PAYMENT_METHOD_NAMES[key]);
      expect(paymentMethodChoiceText({ key, name: "server name" })).toBe(PAYMENT_METHOD_CHOICE_NAMES[key]);
    }
    // The desk's methods are named too (a bill's parts list them), though never offered online.
    for (const key of DESK_METHOD_KEYS) expect(paymentMethodText(key)).toBe(PAYMENT_METHOD_NAMES[key]);
  });

  it("show a key the app does not know as it came (the server's name for a choice), and none as a dash", () => {
    expect(paymentMethodText("crypto")).toBe("crypto");
    expect(paymentMethodText("other")).toBe("other");
    expect(paymentMethodText(null)).toBe("—");
    expect(paymentMethodChoiceText({ key: "crypto", name: "Crypto wallet" })).toBe("Crypto wallet");
  });

  it("are translated, brand names kept", async () => {
    await activateLocale("yo");
    expect(paymentMethodText("wallet")).toBe("Àpamọ́wọ́");
    expect(paymentMethodText("paystack")).toBe("Paystack");
    expect(paymentMethodChoiceText({ key: "remita", name: "Remita" })).toBe("Remita (káàdì, báńkì, USSD)");
  });
});
