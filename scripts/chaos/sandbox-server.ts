// The gateway simulators as a process of their own, so that their memory of payments (RRRs, virtual
// accounts, charges) survives the API being killed. Started by the chaos runner:
//   node --import tsx scripts/chaos/sandbox-server.ts   with CHAOS_SANDBOX_PORT, CHAOS_SMTP_PORT,
//   CHAOS_API_URL and CHAOS_CREDENTIALS (the run's keys as JSON) set.
// The API runs in production mode, which needs real-looking keys and an SMTP server: the simulators check
// the run's keys, and an SMTP sink on CHAOS_SMTP_PORT accepts the API's mail and drops it.
// Beside the simulators' own outage modes (`POST /sandbox/{party}/_control/mode {mode: ok|error|timeout}`),
// it adds one the simulators lack: `POST /_chaos/malformed {party, on}` makes that party's protocol
// endpoints do their work but answer 200 with a malformed body (truncated JSON, an HTML page, an empty
// body, JSON of another shape), as a misbehaving proxy or a half-deployed gateway would.
// What was delivered, for the cluster test's count of deliveries: `GET /_chaos/mail` (every message the
// SMTP sink took: Message-ID, recipients, subject, text) and `GET /_chaos/sms` (every text message Termii's
// simulator accepted: its message_id, number and text), oldest first.
import { sandboxPlugin, type SandboxCredentials } from "@hospipay/sandbox";
import Fastify from "fastify";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export const PARTIES = ["remita", "monnify", "paystack"] as const;
export type Party = (typeof PARTIES)[number];

/** Where each party's protocol endpoints live under the sandbox (never its controls, scripts or pages). */
const PROTOCOL_PREFIXES: Record<Party, readonly string[]> = {
  remita: ["/sandbox/remita/remita/exapp/"],
  monnify: ["/sandbox/monnify/api/"],
  paystack: ["/sandbox/paystack/transaction/"],
};

/** Bodies a gateway should never send, each with a 200 status. */
const MALFORMED_BODIES: ReadonlyArray<{ type: string; body: string }> = [
  { type: "application/json", body: '{"status":"00","amount":' },
  { type: "text/html", body: "<html><body><h1>502 Bad Gateway</h1><p>upstream sent an invalid response</p></body></html>" },
  { type: "application/json", body: "" },
  { type: "application/json", body: '{"unexpected":true,"data":[]}' },
  { type: "application/json", body: "null" },
  { type: "text/plain", body: 'jsonp ({"statuscode":"025","RRR":' },
];

const port = Number(process.env.CHAOS_SANDBOX_PORT ?? 0);
const smtpPort = Number(process.env.CHAOS_SMTP_PORT ?? 0);
const apiUrl = process.env.CHAOS_API_URL ?? "";
const credentialsJson = process.env.CHAOS_CREDENTIALS ?? "";
if (!port || !smtpPort || !apiUrl || !credentialsJson) {
  console.error("CHAOS_SANDBOX_PORT, CHAOS_SMTP_PORT, CHAOS_API_URL and CHAOS_CREDENTIALS are required");
  process.exit(2);
}
const credentials = JSON.parse(credentialsJson) as SandboxCredentials;

/** A message the SMTP sink took. */
export interface ReceivedMail {
  messageId: string | null;
  to: string[];
  subject: string;
  text: string;
}
/** A text message the Termii simulator accepted. */
export interface ReceivedSms {
  messageId: string;
  to: string;
  text: string;
}
const mails: ReceivedMail[] = [];
const texts: ReceivedSms[] = [];
const TERMII_SEND = "/sandbox/termii/api/sms/send";

const malformed = new Set<Party>();
let served = 0;
const app = Fastify({ logger: false });

// Added before the sandbox is registered, so every one of its routes inherits it.
app.addHook("onSend", async (request, reply, payload) => {
  const path = request.url.split("?")[0] ?? "";
  const party = PARTIES.find((key) => malformed.has(key) && PROTOCOL_PREFIXES[key].some((prefix) => path.startsWith(prefix)));
  if (!party) return payload;
  const chosen = MALFORMED_BODIES[served % MALFORMED_BODIES.length]!;
  served += 1;
  reply.code(200).header("content-type", chosen.type);
  return chosen.body;
});

// Counted from the accepted answer (its message_id), whatever the simulator keeps in its own list.
app.addHook("onSend", async (request, reply, payload) => {
  if (request.method !== "POST" || request.url.split("?")[0] !== TERMII_SEND || reply.statusCode !== 200) return payload;
  const body = (request.body ?? {}) as { to?: unknown; sms?: unknown };
  const answer = typeof payload === "string" ? (JSON.parse(payload) as { message_id?: unknown }) : {};
  if (typeof answer.message_id === "string" && typeof body.to === "string" && typeof body.sms === "string")
    texts.push({ messageId: answer.message_id, to: body.to, text: body.sms });
  return payload;
});

app.get("/_chaos/mail", async () => mails);
app.get("/_chaos/sms", async () => texts);
app.post("/_chaos/malformed", async (request, reply) => {
  const body = (request.body ?? {}) as { party?: unknown; on?: unknown };
  const party = PARTIES.find((key) => key === body.party);
  if (!party || typeof body.on !== "boolean")
    return reply.code(400).send({ error: "give party (remita|monnify|paystack) and on (boolean)" });
  if (body.on) malformed.add(party);
  else malformed.delete(party);
  return { party, malformed: body.on };
});
app.get("/_chaos/health", async () => ({ ok: true }));

await app.register(sandboxPlugin, {
  mailbox: { list: async () => [] },
  routeConfig: {},
  apiBaseUrl: () => apiUrl,
  credentials,
  // Redeliveries spread over ~10 s: an API restart in between may or may not catch one; the worker must not care.
  webhookRetryDelaysMs: [250, 1_000, 4_000, 5_000],
});
await app.listen({ port, host: "127.0.0.1" });

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (parsed) => {
        mails.push({
          messageId: parsed.messageId ?? null,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
        });
        callback();
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  },
});
await new Promise<void>((resolve, reject) => {
  smtp.once("error", reject);
  smtp.listen(smtpPort, "127.0.0.1", () => resolve());
});

const stop = () => {
  smtp.close(() => undefined);
  void app.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
