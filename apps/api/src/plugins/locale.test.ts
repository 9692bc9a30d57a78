import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { localePlugin } from "./locale";

describe("request.locale", () => {
  it("is the first of our languages in Accept-Language, else English", async () => {
    const app = Fastify();
    await app.register(localePlugin);
    app.get("/l", async (request) => ({ locale: request.locale }));
    const ask = async (header?: string) =>
      (await app.inject({ url: "/l", headers: header === undefined ? {} : { "accept-language": header } })).json<{
        locale: string;
      }>().locale;
    expect(await ask("yo")).toBe("yo");
    expect(await ask("fr, pcm;q=0.5")).toBe("pcm");
    expect(await ask("de")).toBe("en");
    expect(await ask()).toBe("en");
    await app.close();
  });
});
