import { describe, expect, it } from "vitest";
import {
  formatRrr,
  formatWatDateTime,
  formatWatDay,
  PAYMENT_METHOD_CHOICE_NAMES,
  PAYMENT_METHOD_KEYS,
  PAYMENT_METHOD_NAMES,
  paymentMethodName,
  plainRrr,
  watDay,
  watIsoTimestamp,
} from "./index";

describe("times in West Africa Time", () => {
  it("writes an instant on the hospital's clock (UTC+1), labelled WAT, from a string or a Date", () => {
    expect(formatWatDateTime("2026-11-25T13:05:00.000Z")).toBe("25 Nov 2026, 14:05 WAT");
    expect(formatWatDateTime(new Date("2026-11-25T13:05:00Z"))).toBe("25 Nov 2026, 14:05 WAT");
    expect(formatWatDateTime("2026-11-25T14:05:00+01:00")).toBe("25 Nov 2026, 14:05 WAT");
    expect(formatWatDateTime("2026-11-25T06:05:00-08:00")).toBe("25 Nov 2026, 15:05 WAT");
  });

  it("moves to the next WAT day at 23:00 UTC, across months and years, with padded day, hour and minute", () => {
    expect(formatWatDateTime("2026-12-31T23:00:00Z")).toBe("01 Jan 2027, 00:00 WAT");
    expect(formatWatDateTime("2026-09-04T22:59:00Z")).toBe("04 Sep 2026, 23:59 WAT");
    expect(formatWatDay("2026-12-31T23:00:00Z")).toBe("01 Jan 2027");
    expect(formatWatDay("2026-12-31T22:59:59.999Z")).toBe("31 Dec 2026");
  });

  it("gives seconds when asked (the audit log)", () => {
    expect(formatWatDateTime("2025-03-12T10:04:09Z", { seconds: true })).toBe("12 Mar 2025, 11:04:09 WAT");
  });

  it("does not depend on the time zone of the machine", () => {
    const before = process.env.TZ;
    try {
      for (const zone of ["America/Los_Angeles", "Asia/Tokyo", "UTC"]) {
        process.env.TZ = zone;
        expect(formatWatDateTime("2026-11-25T13:05:00Z")).toBe("25 Nov 2026, 14:05 WAT");
      }
    } finally {
      process.env.TZ = before;
    }
  });

  it("shows a value that is not a time as it came, and a missing one as a dash", () => {
    expect(formatWatDateTime("soon")).toBe("soon");
    expect(formatWatDateTime("")).toBe("—");
    expect(formatWatDateTime(null)).toBe("—");
    expect(formatWatDay(undefined)).toBe("—");
  });

  it("dates an instant on the hospital's calendar (ISO day), as the filters and the CSV's Date column use it", () => {
    expect(watDay("2026-11-20T22:59:59.999Z")).toBe("2026-11-20");
    expect(watDay("2026-11-20T23:00:00.000Z")).toBe("2026-11-21");
    expect(watDay("2026-12-31T23:30:00+00:00")).toBe("2027-01-01");
    expect(watDay("not a date")).toBe("not a date");
  });

  it("writes an ISO 8601 timestamp with the WAT offset for files, which parses back to the same instant", () => {
    expect(watIsoTimestamp("2026-11-25T13:05:09.500Z")).toBe("2026-11-25T14:05:09+01:00");
    expect(Date.parse(watIsoTimestamp("2026-11-25T13:05:09Z"))).toBe(Date.parse("2026-11-25T13:05:09Z"));
    expect(watIsoTimestamp(null)).toBe("");
    expect(watIsoTimestamp("")).toBe("");
  });
});

describe("payment method names", () => {
  it("names every method key, the same way wherever a payment is shown", () => {
    expect(paymentMethodName("remita")).toBe("Remita");
    expect(paymentMethodName("wallet")).toBe("Wallet");
    expect(paymentMethodName("bank_transfer")).toBe("Bank transfer");
    expect(paymentMethodName("monnify")).toBe("Monnify (bank transfer)");
    expect(paymentMethodName("paystack")).toBe("Paystack");
    for (const key of PAYMENT_METHOD_KEYS) {
      expect(PAYMENT_METHOD_NAMES[key]).toMatch(/^[A-Z]/);
      expect(PAYMENT_METHOD_CHOICE_NAMES[key]).toMatch(/^[A-Z]/);
    }
  });

  it("shows an unknown key as it came and a missing one as a dash, never a guessed name", () => {
    expect(paymentMethodName("ussd")).toBe("ussd");
    expect(paymentMethodName("toString")).toBe("toString");
    expect(paymentMethodName("")).toBe("—");
    expect(paymentMethodName(null)).toBe("—");
  });
});

describe("RRR display", () => {
  it("groups a 12-digit RRR in fours with dashes, as Remita prints it", () => {
    expect(formatRrr("280467351235")).toBe("2804-6735-1235");
    expect(formatRrr("2804-6735-1235")).toBe("2804-6735-1235");
    expect(formatRrr("2804 6735 1235")).toBe("2804-6735-1235");
  });

  it("leaves anything that is not 12 digits as it came, and a missing one empty", () => {
    expect(formatRrr("12345")).toBe("12345");
    expect(formatRrr("RRR-UNKNOWN")).toBe("RRR-UNKNOWN");
    expect(formatRrr(null)).toBe("");
  });

  it("reads a grouped or spaced RRR back to the plain digits it is stored as", () => {
    expect(plainRrr("2804-6735-1235")).toBe("280467351235");
    expect(plainRrr(" 2804 6735 1235 ")).toBe("280467351235");
    expect(plainRrr(formatRrr("280467351235"))).toBe("280467351235");
  });
});
