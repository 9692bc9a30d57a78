import {
  DEFAULT_LOCALE,
  formatNaira,
  formatRrr,
  PASSWORD_RESET_TTL_MINUTES,
  RESEND_WAIT_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
  type Locale,
} from "@hospipay/contract";
import { calendarDayIn, mailText as t, paymentMethodNameIn, watDateTimeIn } from "./i18n";
import type { OutgoingMail } from "./mail.repository";

/** The most characters of a person's name an e-mail prints. */
export const MAIL_NAME_MAX = 40;

/** Dots, including the ideographic and full-width ones URL parsers read as dots. */
const DOT = "[.\\u3002\\uFF0E\\uFF61]";
const DOMAIN_DOT = new RegExp(`(?<=[\\p{L}\\p{N}])${DOT}(?=[\\p{L}\\p{N}])`, "gu");

/**
 * A person's name as every e-mail prints it. Names are typed by whoever fills a form, and mail goes to
 * addresses they choose, so a name must not carry a message: it is one line, at most MAIL_NAME_MAX
 * characters (longer ones end in "…"), and nothing in it is turned into a link. Mail clients link what
 * looks like a URL (a scheme's "x:", "www.", a dotted host name, an address with "@"), each with its own
 * rules, so instead of guessing their patterns the characters those patterns need are defanged the way
 * security reports quote hostile addresses: "http[:]//evil[.]example", "a[@]b". That stays readable,
 * and no linker matches a bracket inside a host name. Only dots between letters or digits change, so
 * "St. John" prints as typed. Control and invisible format characters are dropped first: they could
 * break a line or hide a dot from these rules while a client still sees a link. Our mail is text only
 * (transports.ts), so there is no HTML part to escape; the sandbox mailbox page escapes what it shows.
 */
export function nameInMail(name: string): string {
  const visible = name
    .replace(/\p{Cf}/gu, "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  const defanged = visible
    .replace(DOMAIN_DOT, "[.]")
    .replace(/:(?=\S)/g, "[:]")
    .replace(/(?<=\S)@(?=\S)/g, "[@]");
  const characters = Array.from(defanged);
  if (characters.length <= MAIL_NAME_MAX) return defanged;
  return `${characters
    .slice(0, MAIL_NAME_MAX - 1)
    .join("")
    .trimEnd()}…`;
}

/*
 * Every template takes the recipient's language last (English when not given), and writes its subject,
 * its text and the language of the message's HTML part in it. Amounts are written "₦1,500.00" in all five
 * languages, as Nigeria writes naira whatever the language; times are West Africa Time with the language's
 * month names. Names, references, codes and links are placeholders, printed as they are.
 */

/** The first line of a mail to a person. */
const hello = (locale: Locale, name: string) => t(locale, "hello", { name: nameInMail(name) });

/**
 * The first line of a mail to an address nobody has proven yet (registration, reset): the name came
 * with the address, typed by whoever asked, so none is printed.
 */
const helloUnproven = (locale: Locale) => t(locale, "helloUnproven");

/** The e-mail carrying a verification code. */
export function verificationCodeMail(to: string, code: string, locale: Locale = DEFAULT_LOCALE): OutgoingMail {
  return {
    to,
    subject: t(locale, "verification.subject", { code }),
    text: [
      helloUnproven(locale),
      "",
      t(locale, "verification.code", { code }),
      t(locale, "verification.expiry", { minutes: String(VERIFICATION_CODE_TTL_MINUTES) }),
      t(locale, "verification.resend", { seconds: String(RESEND_WAIT_SECONDS) }),
      "",
      t(locale, "verification.ignore"),
    ].join("\n"),
    locale,
  };
}

/** The e-mail carrying a password-reset link. */
export function passwordResetMail(to: string, link: string, locale: Locale = DEFAULT_LOCALE): OutgoingMail {
  return {
    to,
    subject: t(locale, "reset.subject"),
    text: [
      helloUnproven(locale),
      "",
      t(locale, "reset.intro"),
      link,
      "",
      t(locale, "reset.expiry", { minutes: String(PASSWORD_RESET_TTL_MINUTES) }),
      t(locale, "reset.ignore"),
    ].join("\n"),
    locale,
  };
}

/** Tells the owner that the password changed, so an unexpected change is noticed. */
export function passwordChangedMail(to: string, firstName: string, locale: Locale = DEFAULT_LOCALE): OutgoingMail {
  return {
    to,
    subject: t(locale, "passwordChanged.subject"),
    text: [hello(locale, firstName), "", t(locale, "passwordChanged.body"), t(locale, "passwordChanged.notYou")].join("\n"),
    locale,
  };
}

/**
 * An itemised receipt for a settled payment. Amounts come in as display strings; the time, the method (its
 * key) and the RRR are written here as every screen writes them: West Africa Time, the method's name, the
 * RRR grouped as Remita prints it.
 */
export function paymentReceiptMail(
  receipt: {
    to: string;
    customerName: string;
    reference: string;
    paidAt: Date;
    method: string;
    rrr?: string | null;
    items: Array<{ name: string; qty: number; unit: string; lineTotal: string }>;
    subtotal: string;
    fee: string;
    total: string;
    receiptUrl: string;
    /** The receipt code (in groups of four) the point of care checks, and its verify link. */
    receipt?: { code: string; verifyUrl: string } | null;
    /**
     * A part of a bill: its code proves the payment and nothing is given against it; the bill's own code
     * is, sent to the patient once the bill is paid in full. `link` is the bill's page.
     */
    billPart?: { link: string } | null;
  },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const lines = receipt.items.map((item) => `  ${item.name} × ${item.qty} @ ${item.unit} = ${item.lineTotal}`);
  const { reference } = receipt;
  return {
    to: receipt.to,
    subject: t(locale, "receipt.subject", { reference }),
    text: [
      hello(locale, receipt.customerName),
      "",
      t(locale, "receipt.thanks"),
      "",
      t(locale, "receipt.reference", { reference }),
      t(locale, "receipt.date", { date: watDateTimeIn(locale, receipt.paidAt) }),
      t(locale, "receipt.method", { method: paymentMethodNameIn(locale, receipt.method) }),
      ...(receipt.rrr ? [t(locale, "receipt.rrr", { rrr: formatRrr(receipt.rrr) })] : []),
      "",
      t(locale, "receipt.items"),
      ...lines,
      "",
      t(locale, "receipt.subtotal", { amount: receipt.subtotal }),
      t(locale, "receipt.fee", { amount: receipt.fee }),
      t(locale, "receipt.total", { amount: receipt.total }),
      "",
      t(locale, "receipt.view", { link: receipt.receiptUrl }),
      ...(receipt.receipt && receipt.billPart
        ? [
            "",
            t(locale, "receipt.codeCheckedAt", { code: receipt.receipt.code, link: receipt.receipt.verifyUrl }),
            t(locale, "receipt.billPart", { link: receipt.billPart.link }),
          ]
        : receipt.receipt
          ? [
              "",
              t(locale, "receipt.code", { code: receipt.receipt.code }),
              t(locale, "receipt.show", { link: receipt.receipt.verifyUrl }),
            ]
          : []),
    ].join("\n"),
    qr: receipt.receipt?.verifyUrl ?? null,
    locale,
  };
}

/**
 * A bill paid in full: its own receipt code (the one the point of care gives the bill's services against)
 * and its QR code, with the bill's lines; to the patient only.
 */
export function billReceiptMail(
  to: string,
  name: string,
  bill: {
    token: string;
    hospitalNumber: string;
    patientName: string;
    totalKobo: number;
    lines: Array<{ name: string; qty: number; department: string | null }>;
    code: string;
    verifyUrl: string;
  },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  return {
    to,
    subject: t(locale, "billReceipt.subject", { amount: formatNaira(bill.totalKobo) }),
    text: [
      hello(locale, name),
      "",
      t(locale, "billReceipt.body", {
        amount: formatNaira(bill.totalKobo),
        patient: nameInMail(bill.patientName),
        hospitalNumber: bill.hospitalNumber,
      }),
      "",
      t(locale, "billReceipt.services"),
      ...bill.lines.map((line) => `  ${line.name} × ${line.qty}${line.department ? ` (${line.department})` : ""}`),
      "",
      t(locale, "receipt.code", { code: bill.code }),
      t(locale, "billReceipt.show", { link: bill.verifyUrl }),
    ].join("\n"),
    qr: bill.verifyUrl,
    locale,
  };
}

/** Confirms a verified top-up and the new balance. */
export function walletFundedMail(
  to: string,
  name: string,
  reference: string,
  amountKobo: number,
  balanceKobo: number,
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const amount = formatNaira(amountKobo);
  return {
    to,
    subject: t(locale, "walletFunded.subject", { amount }),
    text: [
      hello(locale, name),
      "",
      t(locale, "walletFunded.body", { reference, amount }),
      t(locale, "wallet.balance", { amount: formatNaira(balanceKobo) }),
    ].join("\n"),
    locale,
  };
}

/** The receipt of a bank transfer into the customer's reserved account, credited to their wallet. */
export function reservedTransferMail(
  to: string,
  name: string,
  transfer: { reference: string; amountKobo: number; balanceKobo: number; senderName: string | null; accountNumber: string },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const amount = formatNaira(transfer.amountKobo);
  const account = transfer.accountNumber;
  return {
    to,
    subject: t(locale, "transfer.subject", { amount }),
    text: [
      hello(locale, name),
      "",
      transfer.senderName
        ? t(locale, "transfer.bodyFrom", { amount, sender: transfer.senderName, account })
        : t(locale, "transfer.body", { amount, account }),
      t(locale, "receipt.reference", { reference: transfer.reference }),
      t(locale, "wallet.balance", { amount: formatNaira(transfer.balanceKobo) }),
    ].join("\n"),
    locale,
  };
}

/**
 * Money for the customer's wallet held in suspense over their KYC tier cap (a transfer, a top-up paid late, a
 * refund): what arrived, the cap it broke and what to do to receive it.
 */
export function heldCreditMail(
  to: string,
  name: string,
  held: { reference: string; amountKobo: number; tier: number; cap: "single_credit" | "balance"; capKobo: number },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const amount = formatNaira(held.amountKobo);
  return {
    to,
    subject: t(locale, "held.subject", { amount }),
    text: [
      hello(locale, name),
      "",
      t(locale, "held.body", {
        amount,
        reference: held.reference,
        tier: held.tier,
        cap: held.cap,
        capAmount: formatNaira(held.capKobo),
      }),
      "",
      t(locale, "held.action"),
    ].join("\n"),
    locale,
  };
}

/** Tells a customer the outcome of the staff review of their identity details. */
export function kycDecisionMail(
  to: string,
  name: string,
  decision: { verified: boolean; tierLevel: number | null; reason: string | null },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  return decision.verified
    ? {
        to,
        subject: t(locale, "kyc.verifiedSubject"),
        text: [hello(locale, name), "", t(locale, "kyc.verifiedBody", { tier: String(decision.tierLevel) })].join("\n"),
        locale,
      }
    : {
        to,
        subject: t(locale, "kyc.rejectedSubject"),
        text: [
          hello(locale, name),
          "",
          t(locale, "kyc.rejectedBody"),
          decision.reason ?? "",
          "",
          t(locale, "kyc.rejectedFix"),
        ].join("\n"),
        locale,
      };
}

/** Tells the payer that a payment was refunded, how much, why, and where the money goes (`method` is the key). */
export function refundMail(
  to: string,
  name: string,
  refund: { reference: string; amountKobo: number; reason: string; destination: "wallet" | "original_method"; method: string },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const amount = formatNaira(refund.amountKobo);
  const { reference } = refund;
  return {
    to,
    subject: t(locale, "refund.subject", { reference }),
    text: [
      hello(locale, name),
      "",
      t(locale, "refund.body", { reference, amount }),
      t(locale, "refund.reason", { reason: refund.reason }),
      "",
      refund.destination === "wallet"
        ? t(locale, "refund.toWallet", { amount })
        : t(locale, "refund.toMethod", { amount, method: paymentMethodNameIn(locale, refund.method) }),
    ].join("\n"),
    locale,
  };
}

/** Invites a new staff member to choose a password. */
export function staffInviteMail(
  to: string,
  firstName: string,
  role: string,
  link: string,
  ttlHours: number,
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  return {
    to,
    subject: t(locale, "staffInvite.subject"),
    text: [
      hello(locale, firstName),
      "",
      t(locale, "staffInvite.body", { role }),
      link,
      "",
      t(locale, "staffInvite.expiry", { hours: String(ttlHours) }),
    ].join("\n"),
    locale,
  };
}

/**
 * Sends a patient the link of a bill staff raised for them (the page where anyone may pay it, in parts).
 * The due date is a calendar day ("2026-12-01"): English prints it as it is kept, the others with their month names.
 */
export function billLinkMail(
  to: string,
  patientName: string,
  bill: { token: string; totalKobo: number; dueDate: string | null; link: string },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const amount = formatNaira(bill.totalKobo);
  const dueDate = bill.dueDate && (locale === DEFAULT_LOCALE ? bill.dueDate : calendarDayIn(locale, bill.dueDate));
  return {
    to,
    subject: t(locale, "billLink.subject", { amount }),
    text: [
      hello(locale, patientName),
      "",
      t(locale, "billLink.body", { amount, token: bill.token }),
      dueDate ? t(locale, "billLink.due", { date: dueDate }) : "",
      "",
      t(locale, "billLink.share"),
      bill.link,
    ]
      .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
      .join("\n"),
    qr: bill.link,
    locale,
  };
}
