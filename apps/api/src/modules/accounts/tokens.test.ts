import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenService } from "./tokens";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";

afterEach(() => {
  vi.useRealTimers();
});

describe("TokenService", () => {
  it("refuses a token it accepted before once the token has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-21T10:00:00Z"));
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.issue({ userId: 7, role: "CUSTOMER", version: 0 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, role: "CUSTOMER", version: 0 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, role: "CUSTOMER", version: 0 });
    vi.setSystemTime(new Date("2026-11-21T10:01:01Z"));
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses any change to a token it accepted, and a token signed with another secret", async () => {
    const tokens = new TokenService(SECRET, 600);
    const token = await tokens.issue({ userId: 7, role: "CUSTOMER", version: 3 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), role: "SUPERADMIN" }),
    ).toString("base64url");
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await new TokenService(`${SECRET}-other`, 600).verify(token)).toBeNull();
  });
});
