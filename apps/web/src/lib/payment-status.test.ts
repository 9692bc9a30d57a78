import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/intl";
import { paymentStatusKind, paymentStatusLabel, paymentStatusText } from "./payment-status";

describe("paymentStatusLabel", () => {
  it.each([
    ["PaymentStatus.SUCCESS", "success"],
    ["SUCCESS", "success"],
    ["Success", "success"],
    ["completed", "completed"],
    ["PENDING", "pending"],
    ["Processing", "processing"],
    ["PaymentStatus.FAILED", "failed"],
    ["AWAITING_PAYMENT", "awaiting payment"],
    ["  Cancelled ", "cancelled"],
  ])("%s → %s (one casing everywhere)", (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });

  it("keeps SPEC's word for a failed payment the server says was cancelled or expired, its kind by what closed it", () => {
    expect(paymentStatusLabel("PaymentStatus.FAILED")).toBe("failed");
    expect(paymentStatusKind("FAILED", null)).toBe("failed");
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

  it.each(["SUCCESS", "completed", "Processing", "FAILED", "CANCELLED", "expired", "REFUNDED", "", "something new"])(
    "%s reads as paymentStatusLabel in English",
    (status) => {
      expect(paymentStatusText(status)).toBe(paymentStatusLabel(status));
    },
  );

  it("shows SPEC's word 'pending' with 'awaiting payment' beside it, and a closed payment's 'failed' with what closed it", () => {
    expect(paymentStatusText("PaymentStatus.PENDING")).toBe("pending (awaiting payment)");
    expect(paymentStatusText("FAILED", "expired")).toBe("failed (expired)");
    expect(paymentStatusText("FAILED", "cancelled")).toBe("failed (cancelled)");
  });

  it("is translated, a closed payment with what closed it, and a word the app does not know kept as it came", async () => {
    await activateLocale("yo");
    expect(paymentStatusText("PaymentStatus.PENDING")).toBe("ó ń dúró (ó ń dúró de ìsanwó)");
    expect(paymentStatusText("FAILED", "expired")).toBe("kò ṣeéṣe (ó ti dópin)");
    expect(paymentStatusText("on hold")).toBe("on hold");
    // The English word stays the key for meaning and styles.
    expect(paymentStatusLabel("PENDING")).toBe("pending");
  });
});
