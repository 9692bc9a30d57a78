import { reservedAccountSchema, walletTierSchema } from "@hospipay/contract";
import { describe, expect, it } from "vitest";
import { parseReservedAccount, parseWalletTier } from "./parse-wallet-cards";

const ACCOUNT = {
  status: "active",
  reason: null,
  account_number: "0123456789",
  bank_name: "Wema Bank",
  account_name: "Hospipay / Ada Obi",
};

describe("parseReservedAccount (the contract's reservedAccountSchema, by hand)", () => {
  it.each([
    ["an active account", ACCOUNT],
    ["an account being set up", { ...ACCOUNT, status: "pending", account_number: null, bank_name: null, account_name: null }],
    ["no NIN yet", { status: "needs_nin", reason: "no_kyc", account_number: null, bank_name: null, account_name: null }],
    ["an ID that is not a NIN", { ...ACCOUNT, status: "needs_nin", reason: "not_nin" }],
    ["a NIN of the wrong length", { ...ACCOUNT, status: "needs_nin", reason: "invalid_nin" }],
    ["extra keys", { ...ACCOUNT, extra: 1 }],
    ["an unknown status", { ...ACCOUNT, status: "closed" }],
    ["an unknown reason", { ...ACCOUNT, reason: "other" }],
    ["no reason key", { ...ACCOUNT, reason: undefined }],
    ["a missing account number", { ...ACCOUNT, account_number: undefined }],
    ["an account number as a number", { ...ACCOUNT, account_number: 123 }],
    ["a bank name as a number", { ...ACCOUNT, bank_name: 1 }],
    ["an account name as an object", { ...ACCOUNT, account_name: {} }],
    ["a list", [ACCOUNT]],
    ["not an object", "oops"],
    ["nothing", undefined],
    ["null", null],
  ])("agrees with the schema on %s", (_name, body) => {
    const parsed = reservedAccountSchema.safeParse(body);
    expect(parseReservedAccount(body)).toEqual(parsed.success ? parsed.data : null);
  });
});

const CAPS = { tier_level: 2, max_single_credit: "100000.00", max_balance: "500000.00" };
const HOLD = {
  id: 7,
  amount: "250000.00",
  sender_name: "ADA OBI",
  cap: "single_credit",
  status: "held",
  created_at: "2026-11-01T10:00:00Z",
};
const TIER = {
  tier: CAPS,
  tiers: [
    { tier_level: 1, max_single_credit: "50000.00", max_balance: "300000.00" },
    CAPS,
    { tier_level: 3, max_single_credit: null, max_balance: null },
  ],
  held_total: "250000.00",
  holds: [HOLD],
  credit_room: "100000.00",
};

describe("parseWalletTier (the contract's walletTierSchema, by hand)", () => {
  it.each([
    ["a tier with a hold", TIER],
    ["no holds and no credit room", { ...TIER, holds: [], credit_room: undefined }],
    ["tier 3 without caps", { ...TIER, tier: { tier_level: 3, max_single_credit: null, max_balance: null } }],
    ["a hold without a sender, over the balance cap", { ...TIER, holds: [{ ...HOLD, sender_name: null, cap: "balance" }] }],
    ["extra keys everywhere", { ...TIER, x: 1, tier: { ...CAPS, y: 2 }, holds: [{ ...HOLD, z: 3 }] }],
    ["tier level 0", { ...TIER, tier: { ...CAPS, tier_level: 0 } }],
    ["tier level 4", { ...TIER, tiers: [{ ...CAPS, tier_level: 4 }] }],
    ["a fractional tier level", { ...TIER, tier: { ...CAPS, tier_level: 1.5 } }],
    ["a cap as a number", { ...TIER, tier: { ...CAPS, max_balance: 500000 } }],
    ["a missing cap", { ...TIER, tier: { tier_level: 2, max_balance: null } }],
    ["tiers not a list", { ...TIER, tiers: CAPS }],
    ["held total as a number", { ...TIER, held_total: 0 }],
    ["a missing held total", { ...TIER, held_total: undefined }],
    ["credit room as a number", { ...TIER, credit_room: 5 }],
    ["credit room null", { ...TIER, credit_room: null }],
    ["a hold with a fractional id", { ...TIER, holds: [{ ...HOLD, id: 1.5 }] }],
    ["a hold with an unknown cap", { ...TIER, holds: [{ ...HOLD, cap: "daily" }] }],
    ["a hold with an unknown status", { ...TIER, holds: [{ ...HOLD, status: "lost" }] }],
    ["a hold without its date", { ...TIER, holds: [{ ...HOLD, created_at: undefined }] }],
    ["a hold that is not an object", { ...TIER, holds: ["x"] }],
    ["holds missing", { ...TIER, holds: undefined }],
    ["not an object", 42],
    ["nothing", undefined],
  ])("agrees with the schema on %s", (_name, body) => {
    const parsed = walletTierSchema.safeParse(body);
    expect(parseWalletTier(body)).toEqual(parsed.success ? parsed.data : null);
  });
});
