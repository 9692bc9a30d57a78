import { VacuumAfter } from "../../db/vacuum-after";
import { partyUrls } from "../../env";
import type { BaseContext } from "../../lib/module-context";
import { SmsRepository, type SmsRefusal } from "./sms.repository";
import { SmsService } from "./sms.service";
import { SMS_OUTBOX_VACUUM_AFTER_ROWS, SmsWorker } from "./sms.worker";
import { termiiSender } from "./termii.provider";

export { textableNumber } from "./phone-number";
export { SMS_REFUSALS } from "./sms.repository";
export type { SmsRefusal } from "./sms.repository";
export { SmsService } from "./sms.service";

/** The SMS outbox (verification codes within their budgets) and its worker, sending through Termii. */
export function register(ctx: BaseContext, { refused }: { refused: ((reason: SmsRefusal) => void) | undefined }) {
  const { db, env } = ctx;
  const smsRepository = new SmsRepository(db);
  const sms = new SmsService({
    sms: smsRepository,
    publicUrl: ctx.publicUrl,
    codeBudget: { perNumberPerHour: env.SMS_CODES_PER_NUMBER_PER_HOUR, perHour: env.SMS_CODES_PER_HOUR },
    refused,
  });
  const smsWorker = new SmsWorker({
    repo: smsRepository,
    sender: termiiSender({
      baseUrl: partyUrls(env).sms,
      apiKey: env.SMS_API_KEY,
      senderId: env.SMS_SENDER_ID,
      channel: env.SMS_CHANNEL,
      timeoutMs: env.GATEWAY_TIMEOUT_MS,
    }),
    log: ctx.log,
    intervalMs: env.MAIL_POLL_INTERVAL_MS,
    perNumberPerHour: env.SMS_PER_NUMBER_PER_HOUR,
    refused,
    pace: ctx.backgroundTurn,
    vacuum: new VacuumAfter(db, "sms_outbox", SMS_OUTBOX_VACUUM_AFTER_ROWS, ctx.backgroundTurn),
  });
  return { sms, smsRepository, smsWorker };
}
