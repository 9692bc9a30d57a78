import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import type { StaffInvoicesRepository } from "../staff/staff-invoices.repository";
import type { InvoicesRepository } from "./invoices.repository";
import { PaymentsWorker } from "./payments.worker";
import type { SettlementService } from "./settlement.service";

/**
 * The worker's order of work, with the database and the gateways left out: which payments it asks about,
 * and that each question waits for the turn its pace gives (RequestsFirst in the API; see
 * requests-first.test.ts for the turns themselves and payments.test.ts for re-queries against the sandbox).
 */
function workerWith(due: number[]) {
  const leased = [...due];
  const asked: number[] = [];
  const turns: Array<() => void> = [];
  const invoices = {
    leaseDue: async (limit: number) => leased.splice(0, limit),
  } as unknown as InvoicesRepository;
  const settlement = {
    reconcile: async (id: number) => {
      asked.push(id);
      return null;
    },
  } as unknown as SettlementService;
  const db = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Database;
  const pace = () => new Promise<void>((resolve) => turns.push(resolve));
  const worker = new PaymentsWorker(db, invoices, settlement, {} as StaffInvoicesRepository, pino({ level: "silent" }), 60_000, pace);
  /** Gives the next turn and lets the worker run until it waits again. */
  const giveTurn = async () => {
    while (turns.length === 0) await new Promise((resolve) => setImmediate(resolve));
    turns.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { worker, asked, turns, giveTurn };
}

describe("PaymentsWorker's pace", () => {
  it("asks about each due payment only when given a turn, one turn a payment", async () => {
    const { worker, asked, giveTurn } = workerWith([11, 12, 13]);
    const pass = worker.runOnce();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([]);
    await giveTurn();
    expect(asked).toEqual([11]);
    await giveTurn();
    expect(asked).toEqual([11, 12]);
    await giveTurn();
    expect(await pass).toBe(3);
    expect(asked).toEqual([11, 12, 13]);
  });

  it("asks for no turn when nothing is due", async () => {
    const { worker, turns } = workerWith([]);
    expect(await worker.runOnce()).toBe(0);
    expect(turns).toHaveLength(0);
  });
});
