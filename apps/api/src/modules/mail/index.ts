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
export { MailWorker, OUTBOX_VACUUM_AFTER_ROWS } from "./mail.worker";
export { sandboxTransport, smtpTransport } from "./transports";
