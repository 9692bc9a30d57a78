import { describe, expect, it } from "vitest";
import { isCharged, payerStatusLabel } from "./payment-states";

describe("payerStatusLabel", () => {
  it.each([
    ["PaymentStatus.PENDING", null, "awaiting payment"],
    ["pending", null, "awaiting payment"],
    ["PaymentStatus.FAILED", "cancelled", "cancelled"],
    ["failed", "expired", "expired"],
    ["PaymentStatus.FAILED", null, "failed"],
    ["PaymentStatus.FAILED", "gateway:02", "failed"],
    ["PaymentStatus.SUCCESS", null, "success"],
    ["completed", "cancelled", "completed"],
    ["PaymentStatus.REFUNDED", null, "refunded"],
  ])("%s closed %s reads %j", (status, reason, label) => {
    expect(payerStatusLabel(status, reason)).toBe(label);
  });
});

describe("isCharged", () => {
  it("is true only where money moved", () => {
    expect(["completed", "PaymentStatus.SUCCESS", "refunded"].map(isCharged)).toEqual([true, true, true]);
    expect(["pending", "PaymentStatus.FAILED", "failed"].map(isCharged)).toEqual([false, false, false]);
  });
});
