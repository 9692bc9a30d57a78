import { normaliseAmount } from "../utils/typed-amount";
import { useStaffForm, type Checked, type StaffForm } from "./use-staff-form";

/** What the API takes of a bank transfer: the amount as a decimal string, under its field's name, and the bank's reference. */
export type BankTransferInput<A extends string> = Record<A, string> & { transfer_reference: string };

/** The form of an amount seen on a bank statement (its field named `A`) and the bank's reference. */
export interface BankTransferForm<A extends string> extends StaffForm<A | "transfer_reference"> {
  amountField: A;
  /**
   * The amount (normalised: "₦1,600" → "1600.00") and the reference as the API takes them, once the
   * operation's schema accepts them; else null, with the schema's messages under the fields.
   */
  read: () => BankTransferInput<A> | null;
}

/** An amount typed from a bank statement and the bank's reference, checked by the operation's schema. */
export function useBankTransferForm<A extends string>(
  amountField: A,
  check: (
    values: Record<A | "transfer_reference", string>,
  ) => Checked<Record<A, string | number> & { transfer_reference: string }>,
  failedText: string,
): BankTransferForm<A> {
  const form = useStaffForm<A | "transfer_reference">([amountField, "transfer_reference"], failedText);
  const read = () => {
    const checked = form.check(check({ ...form.values, [amountField]: normaliseAmount(form.values[amountField]) }));
    if (!checked) return null;
    return {
      [amountField]: String(checked[amountField]),
      transfer_reference: checked.transfer_reference,
    } as BankTransferInput<A>;
  };
  return { ...form, amountField, read };
}
