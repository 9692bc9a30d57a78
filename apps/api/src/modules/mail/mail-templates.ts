import {
  formatNaira,
  formatRrr,
  formatWatDateTime,
  PASSWORD_RESET_TTL_MINUTES,
  paymentMethodName,
  RESEND_WAIT_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
} from "@hospipay/contract";
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

/** The first line of a mail to a person. */
const hello = (name: string) => `Hello ${nameInMail(name)},`;

/**
 * The first line of a mail to an address nobody has proven yet (registration, reset): the name came
 * with the address, typed by whoever asked, so none is printed.
 */
const HELLO_UNPROVEN = "Hello,";

/** The e-mail carrying a verification code. */
export function verificationCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `Your Hospipay verification code: ${code}`,
    text: [
      HELLO_UNPROVEN,
      "",
      `Your Hospipay verification code is ${code}.`,
      `It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes and can be used once.`,
      `You can ask for a new code after ${RESEND_WAIT_SECONDS} seconds.`,
      "",
      "If you did not create a Hospipay wallet, you can ignore this e-mail.",
    ].join("\n"),
  };
}

/** The e-mail carrying a password-reset link. */
export function passwordResetMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: "Reset your Hospipay password",
    text: [
      HELLO_UNPROVEN,
      "",
      "Someone asked to reset the password of your Hospipay wallet. To choose a new password, open:",
      link,
      "",
      `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

/** Tells the owner that the password changed, so an unexpected change is noticed. */
export function passwordChangedMail(to: string, firstName: string): OutgoingMail {
  return {
    to,
    subject: "Your Hospipay password was changed",
    text: [
      hello(firstName),
      "",
      "The password of your Hospipay wallet was just changed, and every other signed-in device was signed out.",
      "If this was not you, reset your password at once with 'Forgot password?' on the sign-in page.",
    ].join("\n"),
  };
}

/**
 * An itemised receipt for a settled payment. Amounts come in as display strings; the time, the method (its
 * key) and the RRR are written here as every screen writes them: West Africa Time, the method's name, the
 * RRR grouped as Remita prints it.
 */
export function paymentReceiptMail(receipt: {
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
  /** A part of a bill: nothing is given against its code; the bill's own code is, once the bill is paid in full. */
  billPart?: { token: string; link: string } | null;
}): OutgoingMail {
  const lines = receipt.items.map((item) => `  ${item.name} × ${item.qty} @ ${item.unit} = ${item.lineTotal}`);
  return {
    to: receipt.to,
    subject: `Hospipay receipt ${receipt.reference}`,
    text: [
      hello(receipt.customerName),
      "",
      "Thank you. Your payment to the hospital was successful.",
      "",
      `Reference: ${receipt.reference}`,
      `Date: ${formatWatDateTime(receipt.paidAt)}`,
      `Payment method: ${paymentMethodName(receipt.method)}`,
      ...(receipt.rrr ? [`RRR: ${formatRrr(receipt.rrr)}`] : []),
      "",
      "Items:",
      ...lines,
      "",
      `Subtotal: ${receipt.subtotal}`,
      `Charge fee: ${receipt.fee}`,
      `Total paid: ${receipt.total}`,
      "",
      `View or print this receipt: ${receipt.receiptUrl}`,
      ...(receipt.receipt && receipt.billPart
        ? [
            "",
            `Receipt code: ${receipt.receipt.code} (checked at ${receipt.receipt.verifyUrl})`,
            `This payment is a part of bill ${receipt.billPart.token}. Services are given against the bill's own receipt code, which the bill's page shows once the bill is paid in full: ${receipt.billPart.link}`,
          ]
        : receipt.receipt
          ? [
              "",
              `Receipt code: ${receipt.receipt.code}`,
              `Show this code at the lab, pharmacy or ward; it is checked at: ${receipt.receipt.verifyUrl}`,
            ]
          : []),
    ].join("\n"),
    qr: receipt.receipt?.verifyUrl ?? null,
  };
}

/**
 * A bill paid in full: its own receipt code (the one the point of care gives the bill's services against)
 * and its QR code, with the bill's lines; to the patient and to the payer whose part completed it.
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
): OutgoingMail {
  return {
    to,
    subject: `Hospital bill ${bill.token} is paid in full`,
    text: [
      hello(name),
      "",
      `The hospital bill ${bill.token} of ${formatNaira(bill.totalKobo)} for ${nameInMail(bill.patientName)} (hospital number ${bill.hospitalNumber}) is paid in full.`,
      "",
      "Services on the bill:",
      ...bill.lines.map((line) => `  ${line.name} × ${line.qty}${line.department ? ` (${line.department})` : ""}`),
      "",
      `Receipt code: ${bill.code}`,
      `Show this code, or its QR code, at the lab, pharmacy or ward to receive these services; it is checked at: ${bill.verifyUrl}`,
    ].join("\n"),
    qr: bill.verifyUrl,
  };
}

/** Confirms a verified top-up and the new balance. */
export function walletFundedMail(
  to: string,
  name: string,
  reference: string,
  amountKobo: number,
  balanceKobo: number,
): OutgoingMail {
  return {
    to,
    subject: `Your Hospipay wallet was funded with ${formatNaira(amountKobo)}`,
    text: [
      hello(name),
      "",
      `Your top-up ${reference} of ${formatNaira(amountKobo)} was received and added to your wallet.`,
      `Your wallet balance is now ${formatNaira(balanceKobo)}.`,
    ].join("\n"),
  };
}

/** The receipt of a bank transfer into the customer's reserved account, credited to their wallet. */
export function reservedTransferMail(
  to: string,
  name: string,
  transfer: { reference: string; amountKobo: number; balanceKobo: number; senderName: string | null; accountNumber: string },
): OutgoingMail {
  return {
    to,
    subject: `Your Hospipay wallet was funded with ${formatNaira(transfer.amountKobo)} by bank transfer`,
    text: [
      hello(name),
      "",
      `A bank transfer of ${formatNaira(transfer.amountKobo)}${transfer.senderName ? ` from ${transfer.senderName}` : ""} into your account ${transfer.accountNumber} was received and added to your wallet.`,
      `Reference: ${transfer.reference}`,
      `Your wallet balance is now ${formatNaira(transfer.balanceKobo)}.`,
    ].join("\n"),
  };
}

/** Tells a customer the outcome of the staff review of their identity details. */
export function kycDecisionMail(
  to: string,
  name: string,
  decision: { verified: boolean; tierLevel: number | null; reason: string | null },
): OutgoingMail {
  return decision.verified
    ? {
        to,
        subject: "Your Hospipay identity details are verified",
        text: [
          hello(name),
          "",
          `Your identity details (KYC) were verified. Your account is now at tier ${decision.tierLevel}.`,
        ].join("\n"),
      }
    : {
        to,
        subject: "Your Hospipay identity details need correcting",
        text: [
          hello(name),
          "",
          "We could not verify your identity details (KYC) as submitted:",
          decision.reason ?? "",
          "",
          "Please correct them under Account Settings → KYC and submit again.",
        ].join("\n"),
      };
}

/** Tells the payer that a payment was refunded, how much, why, and where the money goes (`method` is the key). */
export function refundMail(
  to: string,
  name: string,
  refund: { reference: string; amountKobo: number; reason: string; destination: "wallet" | "original_method"; method: string },
): OutgoingMail {
  return {
    to,
    subject: `Your payment ${refund.reference} was refunded`,
    text: [
      hello(name),
      "",
      `Your payment ${refund.reference} of ${formatNaira(refund.amountKobo)} was refunded.`,
      `Reason: ${refund.reason}`,
      "",
      refund.destination === "wallet"
        ? `The ${formatNaira(refund.amountKobo)} is back in your Hospipay wallet and can be used at once.`
        : `The ${formatNaira(refund.amountKobo)} is returned through the way you paid (${paymentMethodName(refund.method)}); banks usually show it within 5 to 10 working days.`,
    ].join("\n"),
  };
}

/** Invites a new staff member to choose a password. */
export function staffInviteMail(to: string, firstName: string, role: string, link: string, ttlHours: number): OutgoingMail {
  return {
    to,
    subject: "Your Hospipay staff account",
    text: [
      hello(firstName),
      "",
      `A Hospipay staff account (${role}) was created for you. To choose your password, open:`,
      link,
      "",
      `The link works once and expires in ${ttlHours} hours. After that, use "Forgot password" on the sign-in page.`,
    ].join("\n"),
  };
}

/** Sends a patient the link of a bill staff raised for them (the page where anyone may pay it, in parts). */
export function billLinkMail(
  to: string,
  patientName: string,
  bill: { token: string; totalKobo: number; dueDate: string | null; link: string },
): OutgoingMail {
  return {
    to,
    subject: `Your hospital bill of ${formatNaira(bill.totalKobo)}`,
    text: [
      hello(patientName),
      "",
      `The hospital raised a bill of ${formatNaira(bill.totalKobo)} for you (bill ${bill.token}).`,
      bill.dueDate ? `Please pay it by ${bill.dueDate}.` : "",
      "",
      "You, or anyone you share this link with, can see it and pay it, in one payment or in parts:",
      bill.link,
    ]
      .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
      .join("\n"),
    qr: bill.link,
  };
}
