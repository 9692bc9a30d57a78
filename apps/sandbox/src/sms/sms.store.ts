import { randomInt } from "node:crypto";

/** One text message the simulated provider accepted. */
export interface SandboxSms {
  message_id: string;
  /** The destination in E.164 (+ and the digits Termii was given). */
  to: string;
  from: string;
  sms: string;
  channel: string;
  received_at: string;
}

/** The most messages kept; the oldest go first. */
const KEEP = 1_000;
/** The simulated account's starting balance, in SMS units (one a page). */
const START_BALANCE = 10_000;

/** The simulated provider's state: what was sent, newest first, and the account's balance. */
export class SmsStore {
  private readonly messages: SandboxSms[] = [];
  balance = START_BALANCE;

  add(message: Omit<SandboxSms, "message_id" | "received_at">, pages: number): SandboxSms {
    const stored: SandboxSms = {
      // Termii's ids are long decimal strings.
      message_id: `${Date.now()}${String(randomInt(1_000_000)).padStart(6, "0")}`,
      received_at: new Date().toISOString(),
      ...message,
    };
    this.messages.unshift(stored);
    if (this.messages.length > KEEP) this.messages.length = KEEP;
    this.balance -= pages;
    return stored;
  }

  /** Newest first; only those to `to` (E.164) when given. */
  list(to?: string): SandboxSms[] {
    return to ? this.messages.filter((message) => message.to === to) : [...this.messages];
  }
}
