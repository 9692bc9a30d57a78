import { gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, COMPRESS_FROM_BYTES, KeptJson, sendKeptJson } from "./json-reply";

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["GZIP", true],
    ["x-gzip", true],
    ["*", true],
    ["deflate, *;q=0.5", true],
    [undefined, false],
    ["", false],
    ["identity", false],
    ["br", false],
    ["gzip;q=0", false],
    ["gzip;q=0.000", false],
    ["*;q=0", false],
    ["gzip;q=0, *", false],
    ["br, *;q=0", false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("sendKeptJson", () => {
  let app: FastifyInstance;
  const big = new KeptJson(
    JSON.stringify({ results: Array.from({ length: 200 }, (_, id) => ({ id, name: `Invoice ${id}`, amount: "5000.00" })) }),
  );
  const small = new KeptJson('{"results":[]}');

  beforeAll(async () => {
    app = Fastify();
    app.get("/big", (request, reply) => sendKeptJson(request, reply, big));
    app.get("/small", (request, reply) => sendKeptJson(request, reply, small));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends the kept bytes gzipped to a client that takes gzip, and the same JSON plain to one that does not", async () => {
    expect(big.bytes.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const zipped = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(zipped.headers.vary).toBe("accept-encoding");
    expect(zipped.rawPayload.length).toBeLessThan(big.bytes.length / 4);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).equals(big.bytes)).toBe(true);

    for (const headers of [{}, { "accept-encoding": "br" }, { "accept-encoding": "gzip;q=0" }]) {
      const plain = await app.inject({ url: "/big", headers });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toBe("accept-encoding");
      expect(plain.rawPayload.equals(big.bytes)).toBe(true);
    }
  });

  it("compresses a kept answer once, however often it is sent", async () => {
    const first = big.gzip();
    expect(big.gzip()).toBe(first);
    const a = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip" } });
    const b = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip" } });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(a.rawPayload.equals((await first)!)).toBe(true);
  });

  it("sends an answer too small to be worth compressing as it is", async () => {
    const res = await app.inject({ url: "/small", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe('{"results":[]}');
  });
});
