export { textableNumber } from "./phone-number";
export { SMS_REFUSALS, SmsRepository } from "./sms.repository";
export type { SmsRefusal } from "./sms.repository";
export { SmsService } from "./sms.service";
export { SMS_OUTBOX_VACUUM_AFTER_ROWS, SmsWorker } from "./sms.worker";
export { termiiSender } from "./termii.provider";
