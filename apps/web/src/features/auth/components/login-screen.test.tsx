import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const LOGIN = "POST /auth/login/";

async function signInAs(loginReply: MockReply, profileRole?: string) {
  const api = mockApi({
    [LOGIN]: loginReply,
    "GET /auth/profile/": { body: buildUser({ role: profileRole ?? "CUSTOMER" }) },
  });
  const app = renderApp("/login");
  await app.user.type(await screen.findByLabelText("Email"), "ada@example.com");
  await app.user.type(screen.getByLabelText("Password"), "correct horse");
  await app.user.click(screen.getByRole("button", { name: "Sign In" }));
  return { api, app };
}

describe("/login", () => {
  it("shows the 'Sign In' form with its links", async () => {
    mockApi({});
    renderApp("/login");
    expect(await screen.findByRole("heading", { name: "Sign In", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
  });

  it("toggles the password's visibility", async () => {
    mockApi({});
    const app = renderApp("/login");
    const password = await screen.findByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await app.user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await app.user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("requires e-mail and password before calling the server", async () => {
    const api = mockApi({});
    const app = renderApp("/login");
    await app.user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(screen.getAllByText("This field is required.")).toHaveLength(2);
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("This field is required.");
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it("sends {username_or_email, password}, stores token and user", async () => {
    const user = buildUser({ role: "CUSTOMER" });
    const { api } = await signInAs({ body: { access: "jwt-1", user } });
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(api.callsTo(LOGIN)[0]?.body).toEqual({ username_or_email: "ada@example.com", password: "correct horse" });
    expect(api.callsTo(LOGIN)[0]?.headers.has("Authorization")).toBe(false);
    expect(localStorage.getItem("token")).toBe("jwt-1");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({ id: user.id, role: "CUSTOMER" });
  });

  it.each([
    ["CUSTOMER", "/dashboard", "Dashboard"],
    ["AGENT", "/agentdashboard", "Agent Transactions Dashboard"],
    ["ADMIN", "/admindashboard", "Admin Transactions Dashboard"],
    ["SUPERADMIN", "/superdashboard", "Admin Transactions Dashboard"],
  ])("after login a %s goes to %s", async (role, path, heading) => {
    const { app } = await signInAs({ body: { access: "jwt", user: buildUser({ role }) } }, role);
    expect(await screen.findByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
    expect(app.location().pathname).toBe(path);
    expect(app.visited).toEqual(["/login", path]);
  });

  it("sends any other role to /admindashboard after login, whose guard then sends it to /login", async () => {
    const { app } = await signInAs({ body: { access: "jwt", user: buildUser({ role: "AUDITOR" }) } }, "AUDITOR");
    await waitFor(() => expect(app.visited).toEqual(["/login", "/admindashboard", "/login"]));
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("shows the server's detail when login fails", async () => {
    await signInAs({ status: 400, body: { detail: "Invalid email or password." } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password.");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it.each([
    ["a 500 without a body", { status: 500, raw: "" }],
    ["a 200 without a token", { status: 200, body: { user: {} } }],
    ["an HTML error page", { status: 502, raw: "<html>Bad Gateway</html>" }],
  ])("falls back to the spec's text on %s", async (_label, reply) => {
    await signInAs(reply);
    expect(await screen.findByRole("alert")).toHaveTextContent("Login failed. Please try again.");
  });

  it("sends an unverified account to /verify with its e-mail stored as identifier and the detail toasted", async () => {
    const { app } = await signInAs({
      status: 403,
      body: { detail: "Your email is not verified yet.", code: "email_not_verified" },
    });
    expect(await screen.findByRole("heading", { name: "Verify Your Email" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/verify");
    expect(localStorage.getItem("identifier")).toBe("ada@example.com");
    expect(await screen.findByText("Your email is not verified yet.")).toBeInTheDocument();
  });

  it("shows a busy, disabled button while signing in", async () => {
    await signInAs({ hang: true });
    const button = screen.getByRole("button", { name: "Sign In" });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute("aria-busy", "true");
  });
});
