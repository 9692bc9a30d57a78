import type { Queryable } from "../../db/database";
import { textableNumber } from "./phone-number";
import { receiptShortLink, smsTexts } from "./sms-messages";
import type { SmsKind, SmsRepository } from "./sms.repository";

export interface SmsServiceDeps {
  sms: SmsRepository;
  /** Base address of the web app, for the links in messages. */
  publicUrl: string;
}

/**
 * The text messages the app sends, each written into the SMS outbox inside the caller's transaction (so it
 * goes exactly when the change it reports commits) in the language kept with its recipient: the account's
 * (users.locale), the payment's (invoices.locale) or the bill's (bills.locale). A number that is not a
 * Nigerian mobile (textableNumber) gets no message. Each returns whether a message was queued; the caller
 * wakes the worker after its commit.
 */
export class SmsService {
  constructor(private readonly deps: SmsServiceDeps) {}

  private async queue(tx: Queryable, phone: string, kind: SmsKind, body: () => Promise<string>): Promise<boolean> {
    const to = textableNumber(phone);
    if (!to) return false;
    await this.deps.sms.enqueue({ to, kind, body: await body() }, tx);
    return true;
  }

  /** A settled payment's receipt, to the payment's phone, in the payment's language. */
  receipt(
    tx: Queryable,
    invoice: { id: number; reference: string; totalKobo: number; customerPhone: string },
    receiptCode: string,
  ): Promise<boolean> {
    return this.queue(tx, invoice.customerPhone, "receipt", async () =>
      smsTexts.receipt(await this.deps.sms.localeOf("invoices", { id: invoice.id }, tx), {
        amountKobo: invoice.totalKobo,
        reference: invoice.reference,
        link: receiptShortLink(this.deps.publicUrl, receiptCode),
      }),
    );
  }

  /** A new bill's link, to the patient's phone, in the bill's language. */
  billLink(tx: Queryable, bill: { token: string; patientPhone: string; totalKobo: number; link: string }): Promise<boolean> {
    return this.queue(tx, bill.patientPhone, "bill_link", async () =>
      smsTexts.billLink(await this.deps.sms.localeOf("bills", { token: bill.token }, tx), {
        amountKobo: bill.totalKobo,
        link: bill.link,
      }),
    );
  }

  /** A verification code, to the account's phone, in the account's language. */
  verificationCode(tx: Queryable, user: { id: number; phoneNumber: string }, code: string): Promise<boolean> {
    return this.queue(tx, user.phoneNumber, "verification_code", async () =>
      smsTexts.verificationCode(await this.deps.sms.localeOf("users", { id: user.id }, tx), code),
    );
  }

  /**
   * A refund, to whoever the money goes to: a wallet refund to the wallet's owner (in the account's
   * language), otherwise to the payment's phone (in the payment's language).
   */
  refund(
    tx: Queryable,
    refund: {
      recipient: { userId: number; phone: string } | { invoiceId: number; phone: string };
      reference: string;
      amountKobo: number;
      destination: "wallet" | "original_method";
    },
  ): Promise<boolean> {
    const { recipient } = refund;
    return this.queue(tx, recipient.phone, "refund", async () =>
      smsTexts.refund(
        "userId" in recipient
          ? await this.deps.sms.localeOf("users", { id: recipient.userId }, tx)
          : await this.deps.sms.localeOf("invoices", { id: recipient.invoiceId }, tx),
        { amountKobo: refund.amountKobo, reference: refund.reference, destination: refund.destination },
      ),
    );
  }

  /** Money for the customer's wallet held over their KYC tier cap, to the account's phone, in the account's language. */
  heldCredit(tx: Queryable, held: { userId: number; phone: string; reference: string; amountKobo: number }): Promise<boolean> {
    return this.queue(tx, held.phone, "held_credit", async () =>
      smsTexts.heldCredit(await this.deps.sms.localeOf("users", { id: held.userId }, tx), {
        amountKobo: held.amountKobo,
        reference: held.reference,
      }),
    );
  }
}
