import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { RequestsFirst } from "./requests-first";

/** Whether `promise` has settled after the callbacks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

/** A server whose responses wait until the test answers them, watched by `gate`. */
async function holdingServer(gate: RequestsFirst) {
  const held: ServerResponse[] = [];
  const server: Server = createServer((_request: IncomingMessage, response) => held.push(response));
  gate.watch(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  const arrived = async (count: number) => {
    while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { server, held, url, arrived };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("RequestsFirst", () => {
  it("gives a turn at once while no request is being answered", async () => {
    const gate = new RequestsFirst(60_000);
    expect(gate.busy).toBe(0);
    expect(await settled(gate.turn())).toBe(true);
  });

  it("holds a turn while requests are answered and gives it when the last one is", async () => {
    const gate = new RequestsFirst(60_000);
    const s = await holdingServer(gate);
    servers.push(s.server);
    const answers = [fetch(s.url), fetch(s.url)];
    await s.arrived(2);
    expect(gate.busy).toBe(2);
    const turn = gate.turn();
    expect(await settled(turn)).toBe(false);

    s.held[0]!.end("one");
    expect(await (await answers[0]!).text()).toBe("one");
    expect(gate.busy).toBe(1);
    expect(await settled(turn)).toBe(false);

    s.held[1]!.end("two");
    expect(await (await answers[1]!).text()).toBe("two");
    await turn;
    expect(gate.busy).toBe(0);
  });

  it("gives the turn after the longest wait when requests never stop", async () => {
    const gate = new RequestsFirst(80);
    const s = await holdingServer(gate);
    servers.push(s.server);
    const answer = fetch(s.url);
    await s.arrived(1);
    const asked = performance.now();
    await gate.turn();
    const waited = performance.now() - asked;
    expect(gate.busy).toBe(1);
    expect(waited).toBeGreaterThanOrEqual(70);
    expect(waited).toBeLessThan(2_000);
    s.held[0]!.end();
    await answer;
  });

  it("stops counting a request whose client went away before the answer", async () => {
    const gate = new RequestsFirst(60_000);
    const s = await holdingServer(gate);
    servers.push(s.server);
    const aborted = new AbortController();
    const answer = fetch(s.url, { signal: aborted.signal }).catch((error: unknown) => error);
    await s.arrived(1);
    const turn = gate.turn();
    expect(gate.busy).toBe(1);
    aborted.abort();
    expect(await answer).toBeInstanceOf(Error);
    await turn;
    expect(gate.busy).toBe(0);
  });
});

describe("the API's background work waits for its requests", () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it("counts a request from its headers until its connection closes, and the workers' turn waits for it", async () => {
    t = await createTestApp();
    const app = t;
    // A request whose body never finishes arriving: it is being answered for as long as its client waits.
    const socket = connect(Number(new URL(app.url).port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{");
    while (app.requestsFirst.busy === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(app.requestsFirst.busy).toBe(1);
    const turn = app.requestsFirst.turn();
    expect(await settled(turn)).toBe(false);
    socket.destroy();
    await turn;
    expect(app.requestsFirst.busy).toBe(0);
  });
});
