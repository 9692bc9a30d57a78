import { VacuumAfter } from "../../db/vacuum-after";
import type { BaseContext } from "../../lib/module-context";
import { MailRepository } from "./mail.repository";
import { MailWorker, OUTBOX_VACUUM_AFTER_ROWS } from "./mail.worker";
import { sandboxTransport, smtpTransport } from "./transports";

export { qrSvgDataUrl } from "./mail-qr";
export {
  billLinkMail,
  billReceiptMail,
  heldCreditMail,
  kycDecisionMail,
  passwordChangedMail,
  passwordResetMail,
  paymentReceiptMail,
  refundMail,
  reservedTransferMail,
  staffInviteMail,
  verificationCodeMail,
  walletFundedMail,
} from "./mail-templates";
export { MailRepository } from "./mail.repository";
export type { OutgoingMail } from "./mail.repository";

/** The outbox and its worker, sending over SMTP_URL or into the sandbox mailbox. */
export function register(ctx: BaseContext) {
  const { db, env } = ctx;
  const mail = new MailRepository(db);
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : sandboxTransport();
  const vacuum = new VacuumAfter(db, "mail_outbox", OUTBOX_VACUUM_AFTER_ROWS, ctx.backgroundTurn);
  const mailWorker = new MailWorker(mail, transport, ctx.log, env.MAIL_POLL_INTERVAL_MS, ctx.backgroundTurn, vacuum);
  return { mail, mailWorker };
}
