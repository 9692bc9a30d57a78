import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const FORGOT = "POST /auth/forgot-password/";

async function request(reply: MockReply) {
  const api = mockApi({ [FORGOT]: reply });
  const app = renderApp("/forgot-password");
  await app.user.type(await screen.findByLabelText("Email"), "ada@example.com");
  await app.user.click(screen.getByRole("button", { name: "Send reset link" }));
  return { api, app };
}

describe("/forgot-password", () => {
  it("is headed 'Reset Your Password'", async () => {
    mockApi({});
    renderApp("/forgot-password");
    expect(await screen.findByRole("heading", { name: "Reset Your Password", level: 1 })).toBeInTheDocument();
  });

  it("sends {email} and shows the returned message", async () => {
    const { api } = await request({ body: { message: "If that account exists, a link is on its way." } });
    expect(await screen.findByRole("status")).toHaveTextContent("If that account exists, a link is on its way.");
    expect(api.callsTo(FORGOT)[0]?.body).toEqual({ email: "ada@example.com" });
  });

  it("falls back to the spec's success text when no message comes back", async () => {
    await request({ body: {} });
    expect(await screen.findByRole("status")).toHaveTextContent("Reset link sent! Check your email.");
  });

  it("shows the server's detail on failure", async () => {
    await request({ status: 429, body: { detail: "Too many requests. Try again later." } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Try again later.");
  });

  it("falls back to the spec's failure text", async () => {
    await request({ status: 500, raw: "oops" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong. Please try again.");
  });

  it("checks the e-mail before calling the server", async () => {
    const api = mockApi({});
    const app = renderApp("/forgot-password");
    await app.user.type(await screen.findByLabelText("Email"), "not-an-email");
    await app.user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter a valid email address.");
    expect(api.calls).toHaveLength(0);
  });
});
