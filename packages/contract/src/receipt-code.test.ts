import { describe, expect, it } from "vitest";
import { formatReceiptCode, normalizeReceiptCode, RECEIPT_CODE_ALPHABET, verifyReceiptUrl } from "./receipt-code";

describe("receipt codes", () => {
  it("have 32 symbols a character: 16 characters are 80 bits", () => {
    expect(new Set(RECEIPT_CODE_ALPHABET).size).toBe(32);
    expect(16 * Math.log2(RECEIPT_CODE_ALPHABET.length)).toBe(80);
  });

  it("read back however a person types them", () => {
    expect(normalizeReceiptCode("7K3M-Q9XD-2HPA-W4RT")).toBe("7K3MQ9XD2HPAW4RT");
    expect(normalizeReceiptCode(" 7k3m q9xd 2hpa w4rt ")).toBe("7K3MQ9XD2HPAW4RT");
    expect(normalizeReceiptCode("OOOO-IIII-LLLL-oooo")).toBe("0000111111110000");
  });

  it("refuse what cannot be a code", () => {
    for (const text of [
      "",
      "7K3M-Q9XD-2HPA",
      "7K3M-Q9XD-2HPA-W4RTX",
      "UUUU-UUUU-UUUU-UUUU",
      "7K3M_Q9XD_2HPA_W4RT",
      "%%%%%%%%%%%%%%%%",
    ])
      expect(normalizeReceiptCode(text), text).toBeNull();
  });

  it("are shown in groups of four and linked to the verify page", () => {
    expect(formatReceiptCode("7K3MQ9XD2HPAW4RT")).toBe("7K3M-Q9XD-2HPA-W4RT");
    expect(verifyReceiptUrl("https://pay.example.ng", "7K3MQ9XD2HPAW4RT")).toBe(
      "https://pay.example.ng/verify-receipt?code=7K3M-Q9XD-2HPA-W4RT",
    );
  });
});
