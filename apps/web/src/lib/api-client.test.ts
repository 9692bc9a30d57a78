import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/mock-api";
import { api, ApiError, apiRequest, errorDetail, parseErrorBody } from "./api-client";

describe("parseErrorBody", () => {
  it("reads detail, code and every string-list key as a field error", () => {
    expect(
      parseErrorBody({
        detail: "Bad input.",
        code: "invalid",
        email: ["Enter a valid email address.", "Second."],
        phone_number: ["Too short."],
      }),
    ).toEqual({
      detail: "Bad input.",
      code: "invalid",
      fieldErrors: { email: ["Enter a valid email address.", "Second."], phone_number: ["Too short."] },
    });
  });

  it("reads field errors nested under `errors`", () => {
    expect(
      parseErrorBody({ detail: "Invalid input.", errors: { password: ["Ensure this field has at least 8 characters."] } })
        .fieldErrors,
    ).toEqual({
      password: ["Ensure this field has at least 8 characters."],
    });
  });

  it("ignores values that are not string lists", () => {
    expect(parseErrorBody({ detail: "x", count: 3, nested: { a: 1 }, mixed: ["a", 1], empty: [] }).fieldErrors).toEqual({});
  });

  it("treats DRF's non_field_errors and a list-valued detail as the general message", () => {
    expect(parseErrorBody({ non_field_errors: ["Unable to log in."] })).toEqual({
      detail: "Unable to log in.",
      code: undefined,
      fieldErrors: {},
    });
    expect(parseErrorBody({ detail: ["Throttled."] }).detail).toBe("Throttled.");
  });

  it.each([undefined, null, "Server Error", ["a"], 42, { detail: "" }, { detail: 5 }])(
    "yields no detail for a malformed body (%j)",
    (body) => {
      const parsed = parseErrorBody(body);
      expect(parsed.detail).toBeUndefined();
      expect(parsed.fieldErrors).toEqual({});
    },
  );
});

describe("apiRequest", () => {
  it("sends JSON to the same origin and returns the parsed answer", async () => {
    const mock = mockApi({ "POST /auth/login/": { body: { ok: true } } });
    await expect(api.post("/auth/login/", { a: 1 })).resolves.toEqual({ ok: true });
    const call = mock.calls[0];
    expect(mock.fetchMock.mock.calls[0]?.[0]).toBe("/auth/login/");
    expect(call?.body).toEqual({ a: 1 });
    expect(call?.headers.get("Content-Type")).toBe("application/json");
  });

  it("adds the bearer token only to authenticated calls", async () => {
    localStorage.setItem("token", "secret");
    const mock = mockApi({
      "GET /auth/profile/": { body: {} },
      "GET /api/express/fetch-transactions/": { body: { results: [] } },
    });
    await api.get("/auth/profile/", { auth: true });
    await api.get("/api/express/fetch-transactions/", { query: { email: "a@b.co", digit: "123456", skip: undefined } });
    expect(mock.calls[0]?.headers.get("Authorization")).toBe("Bearer secret");
    expect(mock.calls[1]?.headers.has("Authorization")).toBe(false);
    expect(mock.calls[1]?.url.search).toBe("?email=a%40b.co&digit=123456");
  });

  it("sends extra headers such as Idempotency-Key, which cannot replace Accept or the bearer token", async () => {
    localStorage.setItem("token", "secret");
    const mock = mockApi({ "POST /express/checkout/": { status: 201, body: {} } });
    await api.post(
      "/express/checkout/",
      { a: 1 },
      { auth: true, headers: { "Idempotency-Key": "k-1", Authorization: "Bearer forged", Accept: "text/html" } },
    );
    expect(mock.calls[0]?.headers.get("Idempotency-Key")).toBe("k-1");
    expect(mock.calls[0]?.headers.get("Authorization")).toBe("Bearer secret");
    expect(mock.calls[0]?.headers.get("Accept")).toBe("application/json");
  });

  it("refuses an authenticated call without a token, without calling the server", async () => {
    const mock = mockApi({});
    await expect(apiRequest("/auth/profile/", { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(mock.calls).toHaveLength(0);
  });

  it("turns an error answer into an ApiError", async () => {
    mockApi({ "POST /auth/register/": { status: 400, body: { email: ["Taken."], detail: "Invalid input." } } });
    const error = await api.post("/auth/register/", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, detail: "Invalid input.", fieldErrors: { email: ["Taken."] } });
    expect((error as ApiError).fieldError("email")).toBe("Taken.");
  });

  it.each([
    ["HTML", "<html>Bad Gateway</html>"],
    ["empty", ""],
  ])("gives no detail for a %s error body", async (_kind, raw) => {
    mockApi({ "GET /x/": { status: 502, raw } });
    const error = (await api.get("/x/").catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.detail).toBeUndefined();
    expect(errorDetail(error, "Fallback.")).toBe("Fallback.");
  });

  it("reports a network failure as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(api.get("/x/")).rejects.toMatchObject({ status: 0, detail: undefined });
  });

  it("returns undefined for an empty success answer", async () => {
    mockApi({ "POST /auth/logout/": { status: 204 } });
    await expect(api.post("/auth/logout/")).resolves.toBeUndefined();
  });
});
