import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KEPT_RECEIPTS_CACHE, SESSION_RECEIPTS_CACHE } from "../../lib/payer-caches";
import { buildUser, signIn } from "../../test/factories";
import { fakeCaches } from "../../test/fake-caches";
import { mockApi, type MockReply } from "../../test/mock-api";
import { SHELL_ID } from "../../lib/prerendered-shell";
import { renderApp } from "../../test/render-app";
import { AFTER_RETRIES_MS } from "../../test/timeouts";

const PROFILE = "GET /auth/profile/";

function profileAnswers(role: string) {
  const user = buildUser({ role });
  return mockApi({ [PROFILE]: { body: user } });
}

describe("route guards (SPEC §4), rendered", () => {
  it("sends a visitor without a token to /login without asking for a profile", async () => {
    const api = mockApi({});
    const app = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/login");
    expect(api.callsTo(PROFILE)).toHaveLength(0);
  });

  it("shows six skeleton cards while the profile loads", async () => {
    signIn();
    mockApi({ [PROFILE]: { hang: true } });
    renderApp("/dashboard");
    const loading = await screen.findByRole("status", { name: "Loading" });
    expect(loading).toHaveAttribute("aria-busy", "true");
    expect(within(loading).getAllByTestId("skeleton-card")).toHaveLength(6);
    expect(screen.queryByRole("heading", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("keeps the page's prerendered frame while the profile loads, in place of the cards, and replaces it with the page", async () => {
    const frame = document.createElement("div");
    frame.id = SHELL_ID;
    frame.innerHTML = "<h1>Agent Transactions Dashboard</h1>";
    document.body.append(frame);
    signIn(buildUser({ role: "AGENT" }));
    let answer: ((reply: MockReply) => void) | undefined;
    mockApi({ [PROFILE]: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderApp("/agentdashboard");
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
    expect(document.getElementById(SHELL_ID)).toBe(frame);

    answer!({ body: buildUser({ role: "AGENT" }) });
    expect(await screen.findByRole("navigation", { name: "Staff" })).toBeInTheDocument();
    expect(document.getElementById(SHELL_ID)).toBeNull();
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual([
      "Agent Transactions Dashboard",
    ]);
  });

  it("takes the prerendered frame away when the guard sends the visitor elsewhere", async () => {
    const frame = document.createElement("div");
    frame.id = SHELL_ID;
    document.body.append(frame);
    signIn(buildUser({ role: "CUSTOMER" }));
    profileAnswers("CUSTOMER");
    const app = renderApp("/agentdashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/dashboard");
    expect(document.getElementById(SHELL_ID)).toBeNull();
  });

  it("fetches the profile with the bearer token and stores it", async () => {
    signIn(buildUser({ first_name: "Old" }), "tok-123");
    const api = mockApi({ [PROFILE]: { body: buildUser({ first_name: "Chioma", wallet_balance: "2500.50" }) } });
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Chioma Obi.")).toBeInTheDocument();
    expect(api.callsTo(PROFILE)[0]?.headers.get("Authorization")).toBe("Bearer tok-123");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({ first_name: "Chioma", wallet_balance: "2500.50" });
  });

  it.each([
    ["/dashboard", "CUSTOMER", "/dashboard", "Dashboard"],
    ["/dashboard", "ADMIN", "/admindashboard", "Admin Transactions Dashboard"],
    ["/dashboard", "AGENT", "/agentdashboard", "Agent Transactions Dashboard"],
    ["/admindashboard", "CUSTOMER", "/dashboard", "Dashboard"],
    ["/admindashboard", "SUPERADMIN", "/superdashboard", "Admin Transactions Dashboard"],
    ["/superdashboard", "ADMIN", "/admindashboard", "Admin Transactions Dashboard"],
    ["/superdashboard", "SUPERADMIN", "/superdashboard", "Admin Transactions Dashboard"],
    ["/agentdashboard", "SUPERADMIN", "/superdashboard", "Admin Transactions Dashboard"],
    ["/agentdashboard", "AGENT", "/agentdashboard", "Agent Transactions Dashboard"],
  ])("%s as %s ends on %s", async (path, role, destination, heading) => {
    signIn(buildUser({ role }));
    profileAnswers(role);
    const app = renderApp(path);
    expect(await screen.findByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
    expect(app.location().pathname).toBe(destination);
  });

  it("follows the table's cells in turn: SUPERADMIN on /dashboard goes to /agentdashboard, whose guard sends it on to /superdashboard", async () => {
    signIn(buildUser({ role: "SUPERADMIN" }));
    profileAnswers("SUPERADMIN");
    const app = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Admin Transactions Dashboard" })).toBeInTheDocument();
    expect(app.visited).toEqual(["/dashboard", "/agentdashboard", "/superdashboard"]);
  });

  it.each(["/wallet-pay", "/profile/edit"])("%s lets any signed-in role in", async (path) => {
    for (const role of ["CUSTOMER", "AGENT"]) {
      signIn(buildUser({ role }));
      profileAnswers(role);
      const app = renderApp(path);
      expect(
        await screen.findByRole("heading", { level: 1, name: path === "/wallet-pay" ? "Wallet Payment" : "Account Settings" }),
      ).toBeInTheDocument();
      expect(app.location().pathname).toBe(path);
      app.unmount();
    }
  });

  it("sends an unknown role to /login and ends its session", async () => {
    signIn(buildUser({ role: "AUDITOR" }));
    profileAnswers("AUDITOR");
    const app = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it.each([
    ["401", { status: 401, body: { detail: "Authentication credentials were not provided." } }],
    ["500 with an empty body", { status: 500, raw: "" }],
    ["200 without a profile", { status: 200, body: { ok: true } }],
  ])("logs out silently when the profile fetch fails (%s)", async (_label, reply) => {
    signIn();
    mockApi({ [PROFILE]: reply });
    const app = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    // Silent: no message, no toast.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/credentials/i)).not.toBeInTheDocument();
  });

  it("keeps the session when the profile cannot be fetched for a dropped connection, shows the offline state and loads once back", async () => {
    signIn(buildUser({ first_name: "Chioma" }), "tok-kept");
    let online = false;
    const api = mockApi({
      [PROFILE]: () => {
        if (!online) throw new TypeError("Failed to fetch");
        return { body: buildUser({ first_name: "Chioma" }) };
      },
    });
    const app = renderApp("/dashboard");
    const offline = await screen.findByRole(
      "heading",
      { level: 1, name: "This page needs a connection" },
      { timeout: AFTER_RETRIES_MS },
    );
    expect(offline).toBeInTheDocument();
    expect(screen.getByText("You are still signed in. The page loads once you are back online.")).toBeInTheDocument();
    expect(app.location().pathname).toBe("/dashboard");
    expect(localStorage.getItem("token")).toBe("tok-kept");
    expect(localStorage.getItem("user")).not.toBeNull();
    expect(screen.queryByRole("heading", { name: "Sign In" })).not.toBeInTheDocument();

    online = true;
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Chioma Obi.")).toBeInTheDocument();
    expect(api.callsTo(PROFILE).at(-1)?.headers.get("Authorization")).toBe("Bearer tok-kept");
  });

  it("loads the page by itself when the connection comes back", async () => {
    signIn();
    let online = false;
    mockApi({
      [PROFILE]: () => {
        if (!online) throw new TypeError("Failed to fetch");
        return { body: buildUser() };
      },
    });
    renderApp("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "This page needs a connection" }, { timeout: AFTER_RETRIES_MS });
    online = true;
    window.dispatchEvent(new Event("online"));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe("test-token");
  });

  it("a token the server no longer accepts (expired, revoked, a password changed elsewhere) takes the session's receipts with it", async () => {
    const caches = fakeCaches({
      [SESSION_RECEIPTS_CACHE]: { "/api/express/payments/HSP-1/": "{}" },
      [KEPT_RECEIPTS_CACHE]: { "/api/express/payments/HSP-2/": "{}" },
    });
    signIn();
    mockApi({ [PROFILE]: { status: 401, body: { detail: "Invalid token." } } });
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    await waitFor(() => expect(caches.names()).toEqual([KEPT_RECEIPTS_CACHE]));
  });

  it("a dropped connection keeps the session's receipts", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { "/api/express/payments/HSP-1/": "{}" } });
    signIn();
    mockApi({
      [PROFILE]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderApp("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "This page needs a connection" }, { timeout: AFTER_RETRIES_MS });
    expect(caches.names()).toEqual([SESSION_RECEIPTS_CACHE]);
  });

  it("sends a signed-in user who opens /login to /dashboard", async () => {
    signIn();
    profileAnswers("CUSTOMER");
    const app = renderApp("/login");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/dashboard");
    await waitFor(() => expect(app.visited).toContain("/dashboard"));
  });
});
