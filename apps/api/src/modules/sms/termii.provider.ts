import { z } from "zod";
import { httpRequest, UpstreamError } from "../../lib/http";
import type { OutboxSender } from "../../lib/outbox-worker";
import type { SmsOutboxRow } from "./sms.repository";

export interface TermiiSettings {
  /** SMS_BASE_URL: Termii's API host, or the sandbox's /sandbox/termii. */
  baseUrl: string;
  apiKey: string;
  /** The registered sender ID (SMS_SENDER_ID). */
  senderId: string;
  /** SMS_CHANNEL: Termii's route, "dnd" (transactional) or "generic" (promotional). */
  channel: "dnd" | "generic";
  timeoutMs: number;
}

const sentSchema = z.object({ message_id: z.union([z.string(), z.number()]), message: z.string().optional() });

/**
 * Termii's messaging API (https://developers.termii.com/messaging-api): `POST {base}/api/sms/send` with
 * `{api_key, to, from, sms, type: "plain", channel}` → `{message_id, message, balance, user}`, on the
 * configured route: "dnd" by default, the transactional route, which delivers to numbers on DND and at night.
 * `to` is the E.164 number without its "+", as Termii asks. A non-2xx answer, or none, throws, and the
 * outbox tries again later. Errors name the status only: neither the body sent nor the one answered, which
 * could echo the message (a code) back into the logs.
 */
export function termiiSender(settings: TermiiSettings): OutboxSender<SmsOutboxRow> {
  const url = `${settings.baseUrl.replace(/\/$/, "")}/api/sms/send`;
  return {
    name: "termii",
    async send(sms) {
      const answer = await httpRequest(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          api_key: settings.apiKey,
          to: sms.to.replace(/^\+/, ""),
          from: settings.senderId,
          sms: sms.body,
          type: "plain",
          channel: settings.channel,
        }),
        timeoutMs: settings.timeoutMs,
      });
      if (answer.status < 200 || answer.status >= 300)
        throw new UpstreamError(`SMS provider answered ${answer.status}`, answer.status);
      const parsed = sentSchema.safeParse(answer.json);
      if (!parsed.success) throw new UpstreamError("SMS provider answered without a message_id", answer.status);
      return String(parsed.data.message_id);
    },
    close: () => undefined,
  };
}
