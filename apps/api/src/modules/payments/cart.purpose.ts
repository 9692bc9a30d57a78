import type { Queryable } from "../../db/database";
import type { MailRepository } from "../mail";
import type { SmsService } from "../sms";
import type { InvoiceRecord, InvoicesRepository } from "./invoices.repository";
import { receiptMail } from "./payment-views";
import type { PaymentPurpose } from "./purpose";

/** What sends a settled payment's receipt: its items, the outboxes and the web app's address for links. */
export interface PaymentReceiptDeps {
  invoices: InvoicesRepository;
  mail: MailRepository;
  /** The SMS receipt beside the e-mailed one. */
  sms: SmsService;
  publicUrl: string;
}

/** Queues a settled payment's receipt, e-mailed to its contact with its items, and by SMS, in `tx`. */
export async function sendPaymentReceipt(
  deps: PaymentReceiptDeps,
  tx: Queryable,
  invoice: InvoiceRecord,
  receiptCode: string,
): Promise<void> {
  // A payer at the desk may have given no address: their receipt is the printed one (and the SMS), and the
  // mail's lines are not read.
  if (invoice.customerEmail) {
    const items = await deps.invoices.itemsOf([invoice.id], tx);
    await deps.mail.enqueue(receiptMail({ ...invoice, receiptCode }, items, deps.publicUrl), tx);
  }
  await deps.sms.receipt(tx, invoice, receiptCode);
}

/**
 * A payment for the items of a cart (the stored purpose `checkout`): the hospital's revenue for the
 * subtotal and fee income for the fee, then the receipt by e-mail and SMS. Always fits.
 */
export function cartPurpose(deps: PaymentReceiptDeps): PaymentPurpose {
  return {
    key: "checkout",
    begin: () =>
      Promise.resolve({
        fits: true,
        title: "Payment",
        credit: (_tx, invoice) =>
          Promise.resolve([
            { accountCode: "revenue:hospital", amountKobo: -invoice.subtotalKobo },
            { accountCode: "income:fees", amountKobo: -invoice.chargeFeeKobo },
          ]),
        settled: (tx, invoice, receiptCode) => sendPaymentReceipt(deps, tx, invoice, receiptCode),
      }),
  };
}
