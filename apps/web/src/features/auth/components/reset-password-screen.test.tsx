import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { expectSignInAfterRedirectDelay } from "../../../test/redirect";

const RESET = "POST /auth/reset-password/";

async function submit(password: string, confirm: string, reply: MockReply = { body: { detail: "Password has been reset." } }) {
  const api = mockApi({ [RESET]: reply });
  const app = renderApp("/reset-password?token=tok-abc");
  await app.user.type(await screen.findByLabelText("New password"), password);
  await app.user.type(screen.getByLabelText("Confirm new password"), confirm);
  await app.user.click(screen.getByRole("button", { name: "Reset password" }));
  return { api, app };
}

describe("/reset-password", () => {
  it("refuses passwords that do not match", async () => {
    const { api } = await submit("longenough1", "longenough2");
    expect(await screen.findByRole("alert")).toHaveTextContent("New passwords do not match!");
    expect(api.calls).toHaveLength(0);
  });

  it("refuses a password shorter than 8 characters", async () => {
    const { api } = await submit("short", "short");
    expect(await screen.findByRole("alert")).toHaveTextContent("New password must be at least 8 characters long!");
    expect(api.calls).toHaveLength(0);
  });

  it("sends {token, new_password}, confirms and goes to /login after 2 s", async () => {
    const { api, app } = await submit("brand-new-pass", "brand-new-pass");
    expect(await screen.findByText("Password has been reset.")).toBeInTheDocument();
    const shownAt = Date.now();
    expect(api.callsTo(RESET)[0]?.body).toEqual({ token: "tok-abc", new_password: "brand-new-pass" });
    expect(screen.getByRole("link", { name: "Sign in with your new password" })).toHaveAttribute("href", "/login");
    await expectSignInAfterRedirectDelay(shownAt);
    expect(app.location().pathname).toBe("/login");
  });

  it("shows the server's detail on failure", async () => {
    await submit("brand-new-pass", "brand-new-pass", { status: 400, body: { detail: "This reset link has expired." } });
    expect(await screen.findByRole("alert")).toHaveTextContent("This reset link has expired.");
  });

  it("explains a link without a token and points to /forgot-password", async () => {
    mockApi({});
    renderApp("/reset-password");
    expect(await screen.findByRole("alert")).toHaveTextContent("This password reset link is invalid or incomplete.");
    expect(screen.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });
});
