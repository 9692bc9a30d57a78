import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { registerModeControl, useControlErrorHandler } from "../lib/control";
import { GatewayModeSwitch } from "../lib/gateway-mode";
import { isRecord } from "../lib/input";
import type { SmsStore } from "./sms.store";

export interface TermiiOptions {
  store: SmsStore;
  credentials: { apiKey: string };
  routeConfig: Record<string, unknown>;
  /** The account's name as Termii reports it in every answer. */
  accountName?: string;
}

/** Termii's channels for a plain message: "generic" (the sender ID route), "dnd" and "whatsapp". */
const CHANNELS = ["generic", "dnd", "whatsapp"];
/**
 * A one-time code as the networks recognise one: a number of 4 to 8 digits standing alone. Nigerian networks
 * filter such messages off the promotional "generic" route, so Termii fails them there.
 */
const ONE_TIME_CODE = /(?<![\w.,])\d{4,8}(?![\w,]|\.\d)/;
/** Termii refuses longer messages. */
const MAX_SMS_LENGTH = 1_600;
/** GSM-7's basic characters; a message with any other character is sent as UCS-2 (70 a page instead of 160). */
const GSM7 = /^[\n\r !"#$%&'()*+,\-./0-9:;<=>?@A-Z_a-z¡£¤¥§¿ÄÅÆÇÉÑÖØÜßàäåæèéìñòöøùüΓΔΘΛΞΠΣΦΨΩ\u00A0]*$/;

/** How many pages (SMS units) a text costs: 160 GSM characters or 70 UCS-2 ones, fewer a page when split. */
export function smsPages(text: string): number {
  const gsm = GSM7.test(text);
  const length = gsm ? text.length : Array.from(text).length;
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  return length <= single ? 1 : Math.ceil(length / part);
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

/**
 * Termii's SMS API as the adapter calls it (https://developers.termii.com/messaging-api):
 * `POST /api/sms/send {api_key, to, from, sms, type: "plain", channel}` → `{message_id, message, balance, user}`.
 * `to` is the number in international format without "+" (2348031234567). Messages land in the store, read
 * by the phone page, with the route each came on. A one-time code on the promotional "generic" route is refused
 * (400), as the networks fail it there; codes go on "dnd". Its outage switch is `/_control/mode`.
 */
export const termiiRoutes: FastifyPluginAsync<TermiiOptions> = async (app, opts) => {
  const { store, credentials, routeConfig: config } = opts;
  const user = opts.accountName ?? "Hospipay Sandbox";
  const modes = new GatewayModeSwitch((reply) => reply.code(500).send({ message: "Internal Server Error" }));
  app.addHook("onClose", async () => modes.releaseAll());
  useControlErrorHandler(app);

  app.post("/api/sms/send", { config, preHandler: modes.guard }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    if (body.api_key !== credentials.apiKey) return refuse(reply, 401, "Invalid API key, kindly check your API key");
    const { to, from, sms, type, channel } = body;
    if (typeof to !== "string" || !/^\+?[1-9]\d{9,14}$/.test(to))
      return refuse(reply, 400, "to must be a phone number in international format, e.g. 2348031234567");
    if (typeof from !== "string" || !/^[A-Za-z0-9 ]{3,11}$/.test(from))
      return refuse(reply, 400, "from must be a sender ID of 3 to 11 alphanumeric characters");
    if (typeof sms !== "string" || sms.trim() === "" || sms.length > MAX_SMS_LENGTH)
      return refuse(reply, 400, `sms must be a message of 1 to ${MAX_SMS_LENGTH} characters`);
    if (type !== "plain") return refuse(reply, 400, 'type must be "plain"');
    if (typeof channel !== "string" || !CHANNELS.includes(channel))
      return refuse(reply, 400, `channel must be one of ${CHANNELS.join(", ")}`);
    if (channel === "generic" && ONE_TIME_CODE.test(sms))
      return refuse(reply, 400, "A message carrying a one-time code cannot go on the generic route; send it on the dnd route");
    const pages = smsPages(sms);
    if (store.balance < pages) return refuse(reply, 402, "Insufficient balance");
    const stored = store.add({ to: `+${to.replace(/^\+/, "")}`, from, sms, channel }, pages);
    return { message_id: stored.message_id, message: "Successfully Sent", balance: store.balance, user };
  });

  registerModeControl(app, "/_control/mode", modes, config);
};
