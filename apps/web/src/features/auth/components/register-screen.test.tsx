import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { expectSignInAfterRedirectDelay } from "../../../test/redirect";

const REGISTER = "POST /auth/register/";

async function fillAndSubmit(reply: MockReply) {
  const api = mockApi({ [REGISTER]: reply });
  const app = renderApp("/register");
  await app.user.type(await screen.findByLabelText("First name"), "Ada");
  await app.user.type(screen.getByLabelText("Last name"), "Obi");
  await app.user.type(screen.getByLabelText("Email"), "Ada@Example.com");
  await app.user.type(screen.getByLabelText("Phone number"), "0801 234 5678");
  await app.user.type(screen.getByLabelText("Password"), "s3cret-pass");
  await app.user.click(screen.getByRole("button", { name: "Create Wallet" }));
  return { api, app };
}

describe("/register", () => {
  it("shows 'Create Your Wallet' with a link to /login", async () => {
    mockApi({});
    renderApp("/register");
    expect(await screen.findByRole("heading", { name: "Create Your Wallet", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it("requires all five fields before calling the server", async () => {
    const api = mockApi({});
    const app = renderApp("/register");
    await app.user.click(await screen.findByRole("button", { name: "Create Wallet" }));
    for (const label of ["First name", "Last name", "Email", "Phone number", "Password"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(api.calls).toHaveLength(0);
  });

  it("registers, stores the e-mail as identifier, offers /verify and goes to /login after 2 s", async () => {
    const { api, app } = await fillAndSubmit({ status: 201, body: { detail: "Check your email.", email: "ada@example.com" } });
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({
      first_name: "Ada",
      last_name: "Obi",
      email: "ada@example.com",
      phone_number: "08012345678",
      password: "s3cret-pass",
    });
    expect(await screen.findByRole("status")).toHaveTextContent("Check your email for the verification code.");
    const shownAt = Date.now();
    expect(screen.getByRole("link", { name: "Verify your email" })).toHaveAttribute("href", "/verify");
    expect(localStorage.getItem("identifier")).toBe("ada@example.com");
    expect(app.location().pathname).toBe("/register");
    await expectSignInAfterRedirectDelay(shownAt);
    expect(app.location().pathname).toBe("/login");
  });

  it("shows the first server message under each field", async () => {
    await fillAndSubmit({
      status: 400,
      body: {
        detail: "Invalid input.",
        email: ["A user with that email already exists.", "Second email message."],
        phone_number: ["Enter a valid phone number."],
        errors: { password: ["This password is too common."] },
      },
    });
    expect(await screen.findByText("A user with that email already exists.")).toBeInTheDocument();
    expect(screen.queryByText("Second email message.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("A user with that email already exists.");
    expect(screen.getByLabelText("Phone number")).toHaveAccessibleDescription("Enter a valid phone number.");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(/This password is too common\./);
    expect(screen.getByLabelText("First name")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Registration failed. Please try again.")).not.toBeInTheDocument();
  });

  it.each([
    ["a 500", { status: 500, raw: "" }],
    ["a 400 without field errors", { status: 400, body: { detail: "Something odd." } }],
    ["field errors for fields the form does not have", { status: 400, body: { username: ["Taken."] } }],
  ])("falls back to the spec's text on %s", async (_label, reply) => {
    await fillAndSubmit(reply);
    expect(await screen.findByRole("alert")).toHaveTextContent("Registration failed. Please try again.");
    expect(localStorage.getItem("identifier")).toBeNull();
  });
});
