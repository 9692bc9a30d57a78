// The outboxes against what the parties received: every message the API queued was delivered exactly once
// (the SMTP sink's list for mail, the Termii simulator's accepted messages for SMS), and which worker
// process sent each, from their logs.
import { readFileSync } from "node:fs";
import type { Database } from "../../apps/api/src/db/database";
import type { ReceivedMail, ReceivedSms } from "../chaos/sandbox-server";
import type { Node } from "./topology";

export interface DeliveryVerdict {
  queued: number;
  deliveredOnce: number;
  /** Messages sent (or still pending / failed) that no party received. */
  missing: number;
  /** Deliveries beyond the first of one message. */
  duplicates: number;
  /** Duplicates of messages whose lease ran out (attempts ≥ 2): the sender died between the send and its record. */
  duplicatesAfterLease: number;
  /** "mail sent" / "sms sent" log lines by worker label. */
  sentBy: Record<string, { mail: number; sms: number }>;
  /** Messages two log lines (two processes, or two starts) claim to have sent. */
  claimedTwice: number;
  /** Sent messages no worker's log claims (sent by a process with WORKERS=off). */
  unclaimed: number;
  failures: string[];
}

const normalise = (text: string) => text.replace(/\r\n/g, "\n").trim();

/** Counts of each key in a list. */
function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** Mail ids and SMS ids each worker's log (every start of it) says it sent. */
function sentInLogs(workers: readonly Node[]): Map<string, { mail: number[]; sms: number[] }> {
  const out = new Map<string, { mail: number[]; sms: number[] }>();
  for (const worker of workers) {
    const mine = { mail: [] as number[], sms: [] as number[] };
    for (const file of worker.logs) {
      let text = "";
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue;
      }
      for (const line of text.split("\n")) {
        if (!line.startsWith("{")) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; mailId?: number; smsId?: number };
          if (entry.msg === "mail sent" && typeof entry.mailId === "number") mine.mail.push(entry.mailId);
          if (entry.msg === "sms sent" && typeof entry.smsId === "number") mine.sms.push(entry.smsId);
        } catch {
          // a line cut by a SIGKILL
        }
      }
    }
    out.set(worker.label, mine);
  }
  return out;
}

/**
 * `workerKills`: how many times a worker was SIGKILLed; each may leave one message recorded as sent but not
 * logged (killed between the two), which is the only way a sent message goes unclaimed by the workers.
 */
export async function verifyDeliveries(
  db: Database,
  sandboxUrl: string,
  workers: readonly Node[],
  workerKills: number,
): Promise<DeliveryVerdict> {
  const failures: string[] = [];
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${sandboxUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const mails = await get<ReceivedMail[]>("/_chaos/mail");
  const texts = await get<ReceivedSms[]>("/_chaos/sms");
  const mailRows = (
    await db.query<{ id: number; to: string; subject: string; text: string; status: string; attempts: number }>(
      `SELECT id::int, to_address AS "to", subject, text_body AS "text", status, attempts FROM mail_outbox`,
    )
  ).rows;
  const smsRows = (
    await db.query<{ id: number; to: string; body: string; status: string; attempts: number; providerId: string | null }>(
      `SELECT id::int, to_number AS "to", body, status, attempts, provider_message_id AS "providerId" FROM sms_outbox`,
    )
  ).rows;

  let missing = 0;
  let duplicates = 0;
  let duplicatesAfterLease = 0;
  let deliveredOnce = 0;
  const notSent = [...mailRows, ...smsRows].filter((row) => row.status !== "sent");
  if (notSent.length > 0) {
    missing += notSent.length;
    failures.push(
      `${notSent.length} queued messages were not sent by the end: ${notSent
        .slice(0, 5)
        .map((row) => `${"subject" in row ? "mail" : "sms"} ${row.id} ${row.status} after ${row.attempts} attempts`)
        .join(", ")}`,
    );
  }
  // Mail: messages of the same recipient, subject and text are one group; the sink must hold as many as were sent.
  const mailKey = (to: string, subject: string, text: string) => `${to.toLowerCase()}\n${subject}\n${normalise(text)}`;
  const received = tally(mails, (m) => mailKey(m.to.join(","), m.subject, m.text));
  const sentMail = mailRows.filter((row) => row.status === "sent");
  const groups = new Map<string, typeof sentMail>();
  for (const row of sentMail) {
    const key = mailKey(row.to, row.subject, row.text);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [key, rows] of groups) {
    const got = received.get(key) ?? 0;
    received.delete(key);
    deliveredOnce += Math.min(got, rows.length);
    if (got < rows.length) {
      missing += rows.length - got;
      failures.push(`mail ${rows.map((r) => r.id).join(", ")} (${rows[0]!.subject}): ${rows.length} sent, ${got} received`);
    } else if (got > rows.length) {
      duplicates += got - rows.length;
      const retried = rows.filter((r) => r.attempts >= 2).length;
      duplicatesAfterLease += Math.min(retried, got - rows.length);
      if (got - rows.length > retried)
        failures.push(`mail ${rows.map((r) => r.id).join(", ")} (${rows[0]!.subject}): ${rows.length} sent, ${got} received`);
    }
  }
  for (const [key, count] of received) {
    duplicates += count;
    failures.push(`${count} mail received that no outbox row sent: ${key.split("\n").slice(0, 2).join(" / ")}`);
  }
  // SMS: each sent row carries the provider's id of its message; the provider accepted each row's message once.
  const byProviderId = tally(texts, (t) => t.messageId);
  const sentSms = smsRows.filter((row) => row.status === "sent");
  const known = new Set(sentSms.map((row) => row.providerId));
  for (const row of sentSms) {
    if (row.providerId && byProviderId.get(row.providerId) === 1) deliveredOnce += 1;
    else {
      missing += 1;
      failures.push(
        `sms ${row.id}: provider id ${row.providerId ?? "none"} accepted ${byProviderId.get(row.providerId ?? "") ?? 0} times`,
      );
    }
  }
  const smsKey = (to: string, body: string) => `${to.replace(/^\+/, "")}\n${body}`;
  const sentSmsByText = tally(sentSms, (row) => smsKey(row.to, row.body));
  const acceptedByText = tally(texts, (t) => smsKey(t.to, t.text));
  for (const [key, count] of acceptedByText) {
    const rows = sentSms.filter((row) => smsKey(row.to, row.body) === key);
    const extra = count - (sentSmsByText.get(key) ?? 0);
    if (extra <= 0) continue;
    duplicates += extra;
    const retried = rows.filter((r) => r.attempts >= 2).length;
    duplicatesAfterLease += Math.min(retried, extra);
    if (extra > retried)
      failures.push(
        `sms to ${key.split("\n")[0]}: ${count} accepted, ${sentSmsByText.get(key) ?? 0} sent (ids not recorded: ${texts
          .filter((t) => smsKey(t.to, t.text) === key && !known.has(t.messageId))
          .map((t) => t.messageId)
          .join(", ")})`,
      );
  }

  // Which worker sent what: every sent message is claimed by exactly one log line.
  const logs = sentInLogs(workers);
  const claims = {
    mail: tally(
      [...logs.values()].flatMap((l) => l.mail.map(String)),
      (id) => id,
    ),
    sms: tally(
      [...logs.values()].flatMap((l) => l.sms.map(String)),
      (id) => id,
    ),
  };
  const claimedTwice = [...claims.mail.values(), ...claims.sms.values()].filter((n) => n > 1).length;
  const unclaimed =
    sentMail.filter((row) => !claims.mail.has(String(row.id))).length +
    sentSms.filter((row) => !claims.sms.has(String(row.id))).length;
  if (claimedTwice > 0) failures.push(`${claimedTwice} messages are logged as sent by two workers (or twice by one)`);
  if (unclaimed > workerKills)
    failures.push(`${unclaimed} sent messages were logged by no worker process (an API process with WORKERS=off sent them)`);
  const sentBy: DeliveryVerdict["sentBy"] = {};
  for (const [label, l] of logs) sentBy[label] = { mail: l.mail.length, sms: l.sms.length };
  for (const [label, l] of logs)
    if (l.mail.length + l.sms.length === 0) failures.push(`${label} sent no message: the work was not shared`);

  return {
    queued: mailRows.length + smsRows.length,
    deliveredOnce,
    missing,
    duplicates,
    duplicatesAfterLease,
    sentBy,
    claimedTwice,
    unclaimed,
    failures,
  };
}
