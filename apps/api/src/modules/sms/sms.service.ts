import { formatReceiptCode } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import { textableNumber } from "./phone-number";
import { receiptShortLink, smsTexts } from "./sms-messages";
import type { CodeBudget, SmsKind, SmsRefusal, SmsRepository } from "./sms.repository";

export interface SmsServiceDeps {
  sms: SmsRepository;
  /** Base address of the web app, for the links in messages. */
  publicUrl: string;
  /** How many verification codes may be queued by SMS within an hour, per number and in all. */
  codeBudget: CodeBudget;
  /** Told of each verification code not sent, with why (the metrics count them). */
  refused?: (reason: SmsRefusal) => void;
}

/**
 * The text messages the app sends, each written into the SMS outbox inside the caller's transaction (so it
 * goes exactly when the change it reports commits) in the language kept with its recipient: the account's
 * (users.locale), the payment's (invoices.locale) or the bill's (bills.locale). A number that is not a
 * Nigerian mobile (textableNumber) gets no message. Each tells whether a message was queued; the caller
 * wakes the worker after its commit.
 */
export class SmsService {
  constructor(private readonly deps: SmsServiceDeps) {}

  /**
   * Queues the message unless `refusal` finds a reason not to (a budget spent: the message is dropped, never
   * queued for later, and the refusal reported); returns the number (E.164) it goes to, or null when none
   * was queued.
   */
  private async queue(
    tx: Queryable,
    phone: string,
    kind: SmsKind,
    body: () => Promise<string>,
    refusal?: (to: string) => Promise<SmsRefusal | null>,
  ): Promise<string | null> {
    const to = textableNumber(phone);
    if (!to) return null;
    const refused = refusal ? await refusal(to) : null;
    if (refused) {
      this.deps.refused?.(refused);
      return null;
    }
    await this.deps.sms.enqueue({ to, kind, body: await body() }, tx);
    return to;
  }

  /**
   * A settled payment's receipt, to the payment's phone, in the payment's language. A part of a bill says
   * what its code is for: it proves the payment, and items are given against the bill's own code.
   */
  receipt(
    tx: Queryable,
    invoice: { id: number; reference: string; totalKobo: number; customerPhone: string; billId?: number | null },
    receiptCode: string,
  ): Promise<boolean> {
    const text = invoice.billId ? smsTexts.billPartReceipt : smsTexts.receipt;
    return this.queued(
      this.queue(tx, invoice.customerPhone, "receipt", async () =>
        text(await this.deps.sms.localeOf("invoices", { id: invoice.id }, tx), {
          amountKobo: invoice.totalKobo,
          reference: invoice.reference,
          link: receiptShortLink(this.deps.publicUrl, receiptCode),
        }),
      ),
    );
  }

  /** A bill paid in full: its receipt code, the one items are given against, to the patient's phone, in the bill's language. */
  billReceipt(
    tx: Queryable,
    bill: { token: string; patientPhone: string; totalKobo: number },
    receiptCode: string,
  ): Promise<boolean> {
    return this.queued(
      this.queue(tx, bill.patientPhone, "receipt", async () =>
        smsTexts.billReceipt(await this.deps.sms.localeOf("bills", { token: bill.token }, tx), {
          amountKobo: bill.totalKobo,
          code: formatReceiptCode(receiptCode),
          link: receiptShortLink(this.deps.publicUrl, receiptCode),
        }),
      ),
    );
  }

  /** A new bill's link, to the patient's phone, in the bill's language. */
  billLink(tx: Queryable, bill: { token: string; patientPhone: string; totalKobo: number; link: string }): Promise<boolean> {
    return this.queued(
      this.queue(tx, bill.patientPhone, "bill_link", async () =>
        smsTexts.billLink(await this.deps.sms.localeOf("bills", { token: bill.token }, tx), {
          amountKobo: bill.totalKobo,
          link: bill.link,
        }),
      ),
    );
  }

  /**
   * A verification code, to the account's own phone, in the account's language, within the code budgets:
   * none to a number another account has proved, none past SMS_CODES_PER_NUMBER_PER_HOUR to the number or
   * SMS_CODES_PER_HOUR in all. Anyone may ask for one without paying, so what exceeds a budget is dropped.
   * Returns the number (E.164) it went to, which the code then proves, or null when none was queued.
   */
  verificationCode(tx: Queryable, user: { id: number; phoneNumber: string }, code: string): Promise<string | null> {
    return this.queue(
      tx,
      user.phoneNumber,
      "verification_code",
      async () => smsTexts.verificationCode(await this.deps.sms.localeOf("users", { id: user.id }, tx), code),
      (to) => this.deps.sms.codeRefusal(to, user.id, this.deps.codeBudget, tx),
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
    return this.queued(
      this.queue(tx, recipient.phone, "refund", async () =>
        smsTexts.refund(
          "userId" in recipient
            ? await this.deps.sms.localeOf("users", { id: recipient.userId }, tx)
            : await this.deps.sms.localeOf("invoices", { id: recipient.invoiceId }, tx),
          { amountKobo: refund.amountKobo, reference: refund.reference, destination: refund.destination },
        ),
      ),
    );
  }

  /** Money for the customer's wallet held over their KYC tier cap, to the account's phone, in the account's language. */
  heldCredit(tx: Queryable, held: { userId: number; phone: string; reference: string; amountKobo: number }): Promise<boolean> {
    return this.queued(
      this.queue(tx, held.phone, "held_credit", async () =>
        smsTexts.heldCredit(await this.deps.sms.localeOf("users", { id: held.userId }, tx), {
          amountKobo: held.amountKobo,
          reference: held.reference,
        }),
      ),
    );
  }

  private async queued(to: Promise<string | null>): Promise<boolean> {
    return (await to) !== null;
  }
}
