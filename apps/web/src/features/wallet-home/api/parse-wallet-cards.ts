import {
  KYC_CAPS,
  KYC_HOLD_STATUSES,
  RESERVED_ACCOUNT_REASONS,
  RESERVED_ACCOUNT_STATUSES,
  type ReservedAccount,
  type WalletTier,
} from "@hospipay/contract";

// The answers of the wallet home's two cards, checked by hand against the contract's reservedAccountSchema
// and walletTierSchema (parse-wallet-cards.test.ts compares them): the screen's first load then needs no
// schema library, whose loading and set-up was the longest task of /dashboard's first render.

type Holds = WalletTier["holds"];
type Caps = WalletTier["tier"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/** The answer of GET /api/wallet/reserved-account/, or null when it has another shape. Unknown keys are dropped. */
export function parseReservedAccount(body: unknown): ReservedAccount | null {
  if (!isRecord(body)) return null;
  const { status, reason, account_number, bank_name, account_name } = body;
  if (!isOneOf(RESERVED_ACCOUNT_STATUSES, status)) return null;
  if (reason !== null && !isOneOf(RESERVED_ACCOUNT_REASONS, reason)) return null;
  if (!isTextOrNull(account_number) || !isTextOrNull(bank_name) || !isTextOrNull(account_name)) return null;
  return { status, reason, account_number, bank_name, account_name };
}

function parseCaps(value: unknown): Caps | null {
  if (!isRecord(value)) return null;
  const { tier_level, max_single_credit, max_balance } = value;
  if (!isInteger(tier_level) || tier_level < 1 || tier_level > 3) return null;
  if (!isTextOrNull(max_single_credit) || !isTextOrNull(max_balance)) return null;
  return { tier_level, max_single_credit, max_balance };
}

function parseHold(value: unknown): Holds[number] | null {
  if (!isRecord(value)) return null;
  const { id, amount, sender_name, cap, status, created_at } = value;
  if (!isInteger(id) || typeof amount !== "string" || !isTextOrNull(sender_name)) return null;
  if (!isOneOf(KYC_CAPS, cap) || !isOneOf(KYC_HOLD_STATUSES, status) || typeof created_at !== "string") return null;
  return { id, amount, sender_name, cap, status, created_at };
}

/** Every element of `value` parsed, or null when it is not a list or one of them does not parse. */
function parseList<T>(value: unknown, parse: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const items: T[] = [];
  for (const item of value) {
    const parsed = parse(item);
    if (parsed === null) return null;
    items.push(parsed);
  }
  return items;
}

/** The answer of GET /api/wallet/tier/, or null when it has another shape. Unknown keys are dropped. */
export function parseWalletTier(body: unknown): WalletTier | null {
  if (!isRecord(body)) return null;
  const tier = parseCaps(body.tier);
  const tiers = parseList(body.tiers, parseCaps);
  const holds = parseList(body.holds, parseHold);
  const { held_total, credit_room } = body;
  if (tier === null || tiers === null || holds === null || typeof held_total !== "string") return null;
  if (credit_room !== undefined && typeof credit_room !== "string") return null;
  return { tier, tiers, held_total, holds, ...(credit_room !== undefined && { credit_room }) };
}
