import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/database";
import type { InvoiceRecord, InvoicesRepository } from "./invoices.repository";
import { CLOSE_TOGETHER, GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS, PaymentsWorker } from "./payments.worker";
import type { Closure, SettlementService } from "./settlement.service";

/**
 * The worker's order of work, with the database and the gateways left out: which payments it asks about,
 * and that each question waits for the turn its pace gives (RequestsFirst in the API; see
 * requests-first.test.ts for the turns themselves and payments.test.ts for re-queries against the sandbox).
 */
function workerWith(due: number[], { toClose = new Set<number>() } = {}) {
  const leased = [...due];
  const asked: number[] = [];
  /** What each closeAll() was given (the ids), in order, with what had been asked by then. */
  const closed: Array<{ ids: number[]; askedBefore: number }> = [];
  const turns: Array<() => void> = [];
  const invoices = {
    leaseDue: async (limit: number) => leased.splice(0, limit),
  } as unknown as InvoicesRepository;
  const settlement = {
    reconcile: async (id: number, closing?: Closure[]) => {
      asked.push(id);
      if (toClose.has(id)) closing!.push({ invoice: { id } as InvoiceRecord, reason: "expired", gatewayStatus: "expired" });
      return null;
    },
    closeAll: async (closures: Closure[]) =>
      void closed.push({ ids: closures.map((c) => c.invoice.id), askedBefore: asked.length }),
  } as unknown as SettlementService;
  const db = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Database;
  const pace = () => new Promise<void>((resolve) => turns.push(resolve));
  const worker = new PaymentsWorker(db, invoices, settlement, pino({ level: "silent" }), 60_000, pace);
  /** Gives the next turn and lets the worker run until it waits again. */
  const giveTurn = async () => {
    while (turns.length === 0) await new Promise((resolve) => setImmediate(resolve));
    turns.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { worker, asked, closed, turns, giveTurn };
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

  it("closes the payments it found to close together: CLOSE_TOGETHER.payments at a time, and the rest when the pass ends", async () => {
    const { payments } = CLOSE_TOGETHER;
    const due = Array.from({ length: payments + 30 }, (_, n) => n + 1);
    // Every payment but 3 paid ones (settled at once, in reconcile) is to close.
    const paid = [7, 30, payments + 20];
    const { worker, asked, closed, giveTurn } = workerWith(due, { toClose: new Set(due.filter((id) => !paid.includes(id))) });
    const pass = worker.runOnce();
    for (let n = 0; n < payments + 1; n++) await giveTurn();
    expect(closed).toEqual([]);
    await giveTurn();
    expect(closed).toEqual([{ ids: due.slice(0, payments + 2).filter((id) => !paid.includes(id)), askedBefore: payments + 2 }]);
    for (let n = payments + 2; n < due.length; n++) await giveTurn();
    expect(await pass).toBe(due.length);
    expect(asked).toEqual(due);
    expect(closed).toHaveLength(2);
    expect(closed[1]).toEqual({ ids: due.slice(payments + 2).filter((id) => !paid.includes(id)), askedBefore: due.length });
  });

  it("closes what it found within CLOSE_TOGETHER.withinMs together, however few", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { worker, closed, giveTurn } = workerWith([1, 2, 3, 4, 5], { toClose: new Set([2, 3, 5]) });
      const pass = worker.runOnce();
      await giveTurn();
      await giveTurn();
      vi.advanceTimersByTime(CLOSE_TOGETHER.withinMs - 1);
      await giveTurn();
      expect(closed).toEqual([]);
      vi.advanceTimersByTime(1);
      await giveTurn();
      expect(closed).toEqual([{ ids: [2, 3], askedBefore: 4 }]);
      await giveTurn();
      expect(await pass).toBe(5);
      expect(closed).toEqual([
        { ids: [2, 3], askedBefore: 4 },
        { ids: [5], askedBefore: 5 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("closes what it found so far when the process stops in the middle of a pass", async () => {
    const { worker, closed, giveTurn } = workerWith([1, 2, 3, 4], { toClose: new Set([1, 2, 4]) });
    const pass = worker.runOnce();
    await giveTurn();
    await giveTurn();
    const stopped = worker.stop();
    await giveTurn();
    await stopped;
    expect(await pass).toBe(3);
    expect(closed).toEqual([{ ids: [1, 2], askedBefore: 3 }]);
  });

  it("asks for no turn when nothing is due", async () => {
    const { worker, turns } = workerWith([]);
    expect(await worker.runOnce()).toBe(0);
    expect(turns).toHaveLength(0);
  });
});

describe("PaymentsWorker's vacuum of the gateway payments (a database that does not vacuum them)", () => {
  it("vacuums them once two changed rows were counted for every payment leased, GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS in all", async () => {
    const payments = GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS / 2 + 15;
    const leased = Array.from({ length: payments }, (_, n) => n + 1);
    let asked = 0;
    /** Each VACUUM, with how many payments had been asked about by then. */
    const vacuums: Array<{ sql: string; askedBefore: number }> = [];
    const db = {
      kind: "pglite",
      query: async () => ({ rows: [], rowCount: 0 }),
      exec: async (sql: string) => void vacuums.push({ sql, askedBefore: asked }),
    } as unknown as Database;
    const invoices = { leaseDue: async (limit: number) => leased.splice(0, limit) } as unknown as InvoicesRepository;
    const settlement = {
      reconcile: async () => {
        asked += 1;
        return null;
      },
      closeAll: async () => undefined,
    } as unknown as SettlementService;
    const worker = new PaymentsWorker(db, invoices, settlement, pino({ level: "silent" }), 60_000);

    expect(await worker.runOnce()).toBe(payments);
    expect(vacuums).toEqual([{ sql: "VACUUM gateway_payments", askedBefore: GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS / 2 }]);
  });
});
