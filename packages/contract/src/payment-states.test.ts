import { describe, expect, it } from "vitest";
import { isCharged, payerStatusLabel, payerStatusNote } from "./payment-states";

describe("payerStatusLabel: SPEC §2's word, the 'PaymentStatus.' prefix removed and lower-cased", () => {
  it.each([
    ["PaymentStatus.PENDING", "pending"],
    ["pending", "pending"],
    ["PaymentStatus.FAILED", "failed"],
    ["failed", "failed"],
    ["PaymentStatus.SUCCESS", "success"],
    ["completed", "completed"],
    ["PaymentStatus.REFUNDED", "refunded"],
  ])("%s reads %j", (status, label) => {
    expect(payerStatusLabel(status)).toBe(label);
  });
});

describe("payerStatusNote: what stands beside SPEC's word", () => {
  it.each([
    ["PaymentStatus.PENDING", null, "awaiting payment"],
    ["pending", null, "awaiting payment"],
    ["PaymentStatus.FAILED", "cancelled", "cancelled"],
    ["failed", "expired", "expired"],
    ["PaymentStatus.FAILED", null, null],
    ["PaymentStatus.FAILED", "gateway:02", null],
    ["PaymentStatus.SUCCESS", null, null],
    ["completed", "cancelled", null],
  ])("%s closed %s has the note %j", (status, reason, note) => {
    expect(payerStatusNote(status, reason)).toBe(note);
  });
});

describe("isCharged", () => {
  it("is true only where money moved", () => {
    expect(["completed", "PaymentStatus.SUCCESS", "refunded"].map(isCharged)).toEqual([true, true, true]);
    expect(["pending", "PaymentStatus.FAILED", "failed"].map(isCharged)).toEqual([false, false, false]);
  });
});
