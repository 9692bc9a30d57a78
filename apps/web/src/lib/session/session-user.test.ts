import { describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories";
import { parseSessionUser } from "./session-user";

describe("parseSessionUser: wallet_id", () => {
  it("keeps a customer's wallet id", () => {
    expect(parseSessionUser({ ...buildUser(), wallet_id: 31 })?.wallet_id).toBe(31);
    expect(parseSessionUser({ ...buildUser(), wallet_id: "31" })?.wallet_id).toBe(31);
  });

  it.each([null, undefined, "", "abc", 1.5, {}])("reads %j as no wallet", (value) => {
    expect(parseSessionUser({ ...buildUser(), wallet_id: value })?.wallet_id).toBeNull();
  });
});
