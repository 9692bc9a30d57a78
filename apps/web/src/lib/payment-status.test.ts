import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/intl";
import { paymentStatusKind, paymentStatusLabel, paymentStatusText } from "./payment-status";

describe("paymentStatusLabel", () => {
  it.each([
    ["PaymentStatus.SUCCESS", "success"],
    ["SUCCESS", "success"],
    ["Success", "success"],
    ["completed", "completed"],
    ["PENDING", "awaiting payment"],
    ["Processing", "processing"],
    ["PaymentStatus.FAILED", "failed"],
    ["AWAITING_PAYMENT", "awaiting payment"],
    ["  Cancelled ", "cancelled"],
  ])("%s → %s (one casing everywhere)", (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });

  it("names a failed payment by what closed it, when the server says it was cancelled or expired", () => {
    expect(paymentStatusLabel("FAILED", "cancelled")).toBe("cancelled");
    expect(paymentStatusLabel("PaymentStatus.FAILED", "expired")).toBe("expired");
    expect(paymentStatusLabel("FAILED", null)).toBe("failed");
    expect(paymentStatusKind("FAILED", "cancelled")).toBe("cancelled");
    expect(paymentStatusKind("FAILED", "expired")).toBe("expired");
  });

  it("names a missing status 'unknown' rather than showing nothing", () => {
    expect(paymentStatusLabel("")).toBe("unknown");
    expect(paymentStatusLabel(undefined)).toBe("unknown");
  });
});

describe("paymentStatusKind", () => {
  it.each([
    ["SUCCESS", "completed"],
    ["completed", "completed"],
    ["PaymentStatus.PENDING", "pending"],
    ["FAILED", "failed"],
    ["CANCELLED", "cancelled"],
    ["expired", "expired"],
    ["REFUNDED", "refunded"],
    ["Processing", "unconfirmed"],
    ["something new", "unconfirmed"],
  ])("%s is %s", (status, kind) => {
    expect(paymentStatusKind(status)).toBe(kind);
  });
});

describe("paymentStatusText", () => {
  afterEach(() => activateLocale("en"));

  it.each(["SUCCESS", "completed", "PENDING", "Processing", "FAILED", "CANCELLED", "expired", "REFUNDED", "", "something new"])(
    "%s reads as paymentStatusLabel in English",
    (status) => {
      expect(paymentStatusText(status)).toBe(paymentStatusLabel(status));
    },
  );

  it("is translated, a closed payment by what closed it, and a word the app does not know kept as it came", async () => {
    await activateLocale("yo");
    expect(paymentStatusText("PaymentStatus.PENDING")).toBe("ó ń dúró de ìsanwó");
    expect(paymentStatusText("FAILED", "expired")).toBe("ó ti dópin");
    expect(paymentStatusText("on hold")).toBe("on hold");
    // The English word stays the key for meaning and styles.
    expect(paymentStatusLabel("PENDING")).toBe("awaiting payment");
  });
});
