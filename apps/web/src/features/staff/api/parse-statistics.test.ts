import { statisticsResponseSchema } from "@hospipay/contract";
import { describe, expect, it } from "vitest";
import { parseStatistics } from "./parse-statistics";

const VALID = {
  method_counts: { remita: { sum_amount: "1500.00", count: 2 }, wallet: { sum_amount: "0.00", count: 0 } },
  total_transactions: 3,
  completed_transactions: 2,
  total_revenue: "1500.00",
  average_transaction: "750.00",
  refunded_transactions: 0,
  total_refunded: "0.00",
  recent_transactions: 1,
};

describe("parseStatistics (the contract's statisticsResponseSchema, by hand)", () => {
  it.each([
    ["a valid answer", VALID],
    ["an answer with extra keys", { ...VALID, extra: true, method_counts: { remita: { sum_amount: "1.00", count: 1, x: 1 } } }],
    ["no methods", { ...VALID, method_counts: {} }],
    ["a count that is not an integer", { ...VALID, total_transactions: 1.5 }],
    ["a count beyond safe integers", { ...VALID, total_transactions: 2 ** 60 }],
    ["a count given as text", { ...VALID, recent_transactions: "1" }],
    ["money given as a number", { ...VALID, total_revenue: 1500 }],
    ["a method without its sum", { ...VALID, method_counts: { remita: { count: 1 } } }],
    ["a method count as text", { ...VALID, method_counts: { remita: { sum_amount: "1.00", count: "1" } } }],
    ["methods as a list", { ...VALID, method_counts: [] }],
    ["a missing field", { ...VALID, average_transaction: undefined }],
    ["no completed count", { ...VALID, completed_transactions: undefined }],
    ["a refunded count as text", { ...VALID, refunded_transactions: "0" }],
    ["refunded money given as a number", { ...VALID, total_refunded: 0 }],
    ["not an object", "oops"],
    ["nothing", undefined],
  ])("agrees with the schema on %s", (_name, body) => {
    const parsed = statisticsResponseSchema.safeParse(body);
    expect(parseStatistics(body)).toEqual(parsed.success ? parsed.data : null);
  });
});
