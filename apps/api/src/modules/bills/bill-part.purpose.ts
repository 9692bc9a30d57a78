import { MESSAGES } from "@hospipay/contract";
import { errors } from "../../lib/errors";
import { sendPaymentReceipt, type PaymentPurpose, type PaymentReceiptDeps } from "../payments";
import { BILL_DEPOSITS_ACCOUNT } from "../ledger";
import type { BillParts } from "./bill-parts";

/**
 * A payment of a part of a bill (a checkout with a bill): it counts only if it still fits the bill,
 * decided behind the bill's row lock in the settling transaction (BillParts.apply); one that no longer
 * fits (others paid the bill meanwhile, or it was cancelled) is held for a staff refund and the bill is
 * never overpaid. A part that fits is held against the bill in the bill deposits account (its fee is fee
 * income) until the bill is paid in full (BillParts.recognise), and its receipt goes to its payer.
 */
export function billPartPurpose(billParts: BillParts, receipts: PaymentReceiptDeps): PaymentPurpose {
  return {
    key: "checkout",
    claims: (invoice) => invoice.billId !== null,
    async begin(tx, invoice) {
      const outcome = await billParts.apply(tx, invoice);
      if (!outcome.fits) {
        return {
          fits: false,
          refusal: () => errors.conflict(MESSAGES.bills.partUnfit, "bill_part_unfit"),
          hold: (paidKobo, channel) => ({
            reason: "bill_part_unfit",
            entryKind: "bill_part_unfit",
            description: `Bill part ${invoice.reference} via ${channel}: ${paidKobo} kobo no longer needed by its bill, in suspense for a staff refund`,
            note: `bill part unfit: ${paidKobo} kobo received after the bill was paid or cancelled`,
            log: "bill part paid after its bill no longer needed it: in the staff review queue",
          }),
        };
      }
      return {
        fits: true,
        title: "Payment",
        credit: (_tx, part) =>
          Promise.resolve([
            { accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: -part.subtotalKobo },
            { accountCode: "income:fees", amountKobo: -part.chargeFeeKobo },
          ]),
        settled: async (settling, part, receiptCode) => {
          await billParts.recognise(settling, outcome, part);
          await sendPaymentReceipt(receipts, settling, part, receiptCode);
        },
      };
    },
  };
}
