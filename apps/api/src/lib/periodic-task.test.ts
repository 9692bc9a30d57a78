import { afterEach, describe, expect, it, vi } from "vitest";
import { PeriodicTask } from "./periodic-task";

function deferred() {
  let resolve!: (value: number) => void;
  const promise = new Promise<number>((r) => (resolve = r));
  return { promise, resolve };
}

describe("PeriodicTask", () => {
  afterEach(() => vi.useRealTimers());

  it("runs one pass at a time: a pass asked for during another waits for it and answers whileBusy", async () => {
    const passes: ReturnType<typeof deferred>[] = [];
    const task = new PeriodicTask(
      60_000,
      () => {
        const pass = deferred();
        passes.push(pass);
        return pass.promise;
      },
      -1,
    );
    const first = task.runOnce();
    let secondDone = false;
    const second = task.runOnce().then((value) => {
      secondDone = true;
      return value;
    });
    await Promise.resolve();
    expect(passes).toHaveLength(1);
    expect(secondDone).toBe(false);
    passes[0]!.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(-1);
    // The pass over, the next call starts a new one.
    const third = task.runOnce();
    expect(passes).toHaveLength(2);
    passes[1]!.resolve(3);
    expect(await third).toBe(3);
  });

  it("runs on its interval once started, and stop() ends the timer after waiting for the pass in progress", async () => {
    vi.useFakeTimers();
    const passes: ReturnType<typeof deferred>[] = [];
    const task = new PeriodicTask(
      1_000,
      () => {
        const pass = deferred();
        passes.push(pass);
        return pass.promise;
      },
      0,
    );
    task.start();
    task.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toHaveLength(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    passes[0]!.resolve(1);
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toHaveLength(1);
  });
});
