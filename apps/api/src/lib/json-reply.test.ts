import { gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, COMPRESS_FROM_BYTES, gzipLargeJson, sendJsonText } from "./json-reply";

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

describe("gzipLargeJson", () => {
  let app: FastifyInstance;
  const big = JSON.stringify({
    results: Array.from({ length: 200 }, (_, id) => ({ id, name: `Invoice ${id}`, amount: "5000.00" })),
  });
  const small = '{"results":[]}';

  beforeAll(async () => {
    app = Fastify();
    app.get("/big", { onSend: gzipLargeJson }, (_request, reply) => sendJsonText(reply, big));
    app.get("/big-object", { onSend: gzipLargeJson }, () => JSON.parse(big) as unknown);
    app.get("/small", { onSend: gzipLargeJson }, (_request, reply) => sendJsonText(reply, small));
    app.get("/missing", { onSend: gzipLargeJson }, (_request, reply) => reply.code(404).type("application/json").send(big));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends the JSON gzipped to a client that takes gzip, and the same JSON plain to one that does not", async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(COMPRESS_FROM_BYTES);
    for (const url of ["/big", "/big-object"]) {
      const zipped = await app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(zipped.headers.vary).toBe("accept-encoding");
      expect(zipped.rawPayload.length).toBeLessThan(Buffer.byteLength(big) / 4);
      expect(Number(zipped.headers["content-length"])).toBe(zipped.rawPayload.length);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(big);

      for (const headers of [{}, { "accept-encoding": "br" }, { "accept-encoding": "gzip;q=0" }]) {
        const plain = await app.inject({ url, headers });
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(plain.headers.vary).toBe("accept-encoding");
        expect(plain.body).toBe(big);
      }
    }
  });

  it("sends an answer too small to be worth compressing as it is", async () => {
    const res = await app.inject({ url: "/small", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe('{"results":[]}');
  });

  it("leaves an answer other than 200 as it is", async () => {
    const res = await app.inject({ url: "/missing", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(big);
  });
});
