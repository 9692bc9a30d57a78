import type { UserProfile } from "@hospipay/contract";

/**
 * The signed-in user as the web app keeps it. The role stays a plain string: SPEC §4 has rules for
 * roles the app does not know (post-login → /admindashboard, guards → /login), so an unknown role
 * must survive parsing instead of failing it.
 */
export type SessionUser = Omit<UserProfile, "role"> & { role: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The wallet's id: a number (or numeric text) from the API, null when there is none (staff). */
function walletId(value: unknown): number | null {
  const id = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
}

/**
 * Reads a profile from the API or from storage. Returns null unless it has an id and a role; the
 * other fields fall back to empty values so that a partial profile still shows a usable screen.
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { id, role } = value;
  if (typeof role !== "string" || (typeof id !== "number" && typeof id !== "string")) return null;
  const kyc = isRecord(value.kyc) ? value.kyc : {};
  return {
    id: typeof id === "number" ? id : Number(id),
    username: text(value.username),
    first_name: text(value.first_name),
    last_name: text(value.last_name),
    email: text(value.email),
    phone_number: text(value.phone_number),
    role,
    wallet_balance:
      typeof value.wallet_balance === "number" ? value.wallet_balance.toFixed(2) : text(value.wallet_balance) || "0.00",
    wallet_id: walletId(value.wallet_id),
    last_transactions: Array.isArray(value.last_transactions)
      ? (value.last_transactions as UserProfile["last_transactions"])
      : [],
    kyc: {
      hospital_number: text(kyc.hospital_number),
      next_of_kin_name: text(kyc.next_of_kin_name),
      next_of_kin_phone: text(kyc.next_of_kin_phone),
      next_of_kin_address: text(kyc.next_of_kin_address),
      account_type: kyc.account_type === "CORPORATE" ? "CORPORATE" : "INDIVIDUAL",
    },
  };
}

/** "Ada Obi", or the username/e-mail when the names are empty. */
export function displayName(user: Pick<SessionUser, "first_name" | "last_name" | "username" | "email">): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || user.username || user.email;
}
