import type { SessionUser } from "../lib/session/session-user";

/** A profile as GET /auth/profile/ answers it; override what a test cares about. */
export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    username: "ada",
    first_name: "Ada",
    last_name: "Obi",
    email: "ada@example.com",
    phone_number: "08012345678",
    role: "CUSTOMER",
    wallet_balance: "1500.00",
    wallet_id: 31,
    last_transactions: [],
    kyc: {
      hospital_number: "",
      next_of_kin_name: "",
      next_of_kin_phone: "",
      next_of_kin_address: "",
      account_type: "INDIVIDUAL",
    },
    ...overrides,
  };
}

/** Signs a user in the way login does: token and user in localStorage. */
export function signIn(user: SessionUser = buildUser(), token = "test-token"): void {
  localStorage.setItem("token", token);
  localStorage.setItem("user", JSON.stringify(user));
}
