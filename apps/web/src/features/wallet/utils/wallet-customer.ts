import { CHARGE_FEE_KOBO, koboToDecimal, type WalletCheckoutInput } from "@hospipay/contract";
import type { CartItem } from "../../../lib/cart-store";
import { buildCheckoutItems } from "../../../lib/checkout-items";
import type { SessionUser } from "../../../lib/session/session-user";

/** SPEC §3 Wallet customer, as the form holds it. */
export interface WalletCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  hospital_number: string;
  transaction_description: string;
}

/** The five fields that describe the person paid for ('Self' fills them from the profile). */
export type WalletPerson = Omit<WalletCustomer, "transaction_description">;

export const PERSON_FIELDS = ["first_name", "last_name", "email", "phone_number", "hospital_number"] as const;
export const CUSTOMER_FIELDS = [...PERSON_FIELDS, "transaction_description"] as const;

export const emptyPerson: WalletPerson = { first_name: "", last_name: "", email: "", phone_number: "", hospital_number: "" };

/** 'Self': the signed-in user's names, e-mail, phone and hospital number (from the profile's KYC). */
export function personFromUser(user: SessionUser | undefined): WalletPerson {
  if (!user) return emptyPerson;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    hospital_number: user.kyc.hospital_number,
  };
}

/** SPEC §5: all six fields are required. Returns the fields that are blank. */
export function missingFields(customer: WalletCustomer): Array<keyof WalletCustomer> {
  return CUSTOMER_FIELDS.filter((field) => customer[field].trim() === "");
}

/** The SPEC §7 wallet variant of the create-payment body. */
export function buildWalletPaymentBody(
  lines: readonly CartItem[],
  customer: WalletCustomer,
  walletId: number,
): WalletCheckoutInput {
  return {
    items: buildCheckoutItems(lines),
    customer_meta: {
      first_name: customer.first_name.trim(),
      last_name: customer.last_name.trim(),
      email: customer.email.trim(),
      phone_number: customer.phone_number.trim(),
      hospital_number: customer.hospital_number.trim(),
      transaction_description: customer.transaction_description.trim(),
    },
    payment_method: "wallet",
    wallet_id: walletId,
    charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
  };
}
