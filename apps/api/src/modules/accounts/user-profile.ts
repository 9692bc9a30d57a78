import { koboToDecimal, type UserProfile, type WalletTransaction } from "@hospipay/contract";
import type { UserRecord } from "./users.repository";

/** The SPEC §3 profile as the API answers it. */
export function toUserProfile(
  user: UserRecord,
  wallet: { id: number | null; balanceKobo: number; lastTransactions: WalletTransaction[] } = {
    id: null,
    balanceKobo: 0,
    lastTransactions: [],
  },
): UserProfile {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.role,
    wallet_balance: koboToDecimal(wallet.balanceKobo),
    wallet_id: wallet.id,
    last_transactions: wallet.lastTransactions,
    kyc: {
      hospital_number: user.hospitalNumber,
      next_of_kin_name: user.nextOfKinName,
      next_of_kin_phone: user.nextOfKinPhone,
      next_of_kin_address: user.nextOfKinAddress,
      account_type: user.accountType,
    },
  };
}
