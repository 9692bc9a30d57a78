import { describe, expect, it } from "vitest";
import { RoundBatch } from "./round-batch";

/** A batch whose answer doubles each ask, recording every call's asks. */
function doubling() {
  const calls: number[][] = [];
  const batch = new RoundBatch<number, number>(async (asks) => {
    calls.push([...asks]);
    return asks.map((n) => n * 2);
  });
  return { batch, calls };
}

describe("RoundBatch", () => {
  it("answers the asks of one round with one call, each its own answer, in the order asked", async () => {
    const { batch, calls } = doubling();
    const answers = await Promise.all([3, 1, 2].map((n) => batch.ask(n)));
    expect(answers).toEqual([6, 2, 4]);
    expect(calls).toEqual([[3, 1, 2]]);
  });

  it("answers an ask made after a round has ended with a call of its own", async () => {
    const { batch, calls } = doubling();
    const first = batch.ask(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batch.ask(2);
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(calls).toEqual([[1], [2]]);
  });

  it("takes asks made while a call is under way into the next call", async () => {
    let release: () => void = () => undefined;
    const calls: number[][] = [];
    const batch = new RoundBatch<number, number>(async (asks) => {
      calls.push([...asks]);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return asks.map((n) => n + 100);
    });
    const first = batch.ask(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batch.ask(2), batch.ask(3)];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await Promise.all([first, ...later])).toEqual([101, 102, 103]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it("fails every ask of a failed call with its error, and answers the next round again", async () => {
    let fail = true;
    const batch = new RoundBatch<number, number>(async (asks) => {
      if (fail) throw new Error("connection lost");
      return asks.map((n) => n);
    });
    const failed = await Promise.allSettled([batch.ask(1), batch.ask(2)]);
    expect(failed.map((result) => (result.status === "rejected" ? (result.reason as Error).message : "answered"))).toEqual([
      "connection lost",
      "connection lost",
    ]);
    fail = false;
    expect(await batch.ask(5)).toBe(5);
  });

  it("fails every ask when the call answers a different number of them", async () => {
    const batch = new RoundBatch<number, number>(async () => [1]);
    const results = await Promise.allSettled([batch.ask(1), batch.ask(2)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
