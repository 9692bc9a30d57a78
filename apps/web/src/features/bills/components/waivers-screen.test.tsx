import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { billWaiver, myDesk, TOKEN } from "./bills-fixtures";

const LIST = "GET /api/staff/waivers/";
const DESK = "GET /api/staff/desk/";
const DECIDE = "POST /api/staff/waivers/9/decide/";

type Routes = Parameters<typeof mockApi>[0];

function openWaivers(routes: Routes = {}, role = "ADMIN", path = "/admindashboard/waivers", desk: Record<string, unknown> = {}) {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    "GET /auth/profile/": { body: staff },
    [LIST]: { body: { count: 1, results: [billWaiver()] } },
    [DESK]: { body: myDesk({ user_id: 7, name: "Admin Bola", role, waiver_limit: "1000.00", ...desk }) },
    ...routes,
  });
  return { api, app: renderApp(path) };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e journey checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the Waivers screen", () => {
  it("is in each staff area's navigation, and says when nothing waits", async () => {
    const { app } = openWaivers({ [LIST]: { body: { count: 0, results: [] } } }, "AGENT", "/agentdashboard/bills");
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    await app.user.click(within(nav).getByRole("link", { name: "Waivers" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Waivers" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/agentdashboard/waivers");
    expect(await screen.findByText("No waiver is waiting for a decision.")).toBeInTheDocument();
    await expectNoAxeViolations();
    app.unmount();

    openWaivers({}, "SUPERADMIN", "/superdashboard/waivers");
    const superNav = await screen.findByRole("navigation", { name: "Super admin" });
    expect(within(superNav).getByRole("link", { name: "Waivers" })).toHaveAttribute("aria-current", "page");
  });

  it("shows its loading state, then lists the pending waivers with patient, bill, amount, reason, who asked and when", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { api } = openWaivers({
      [LIST]: async () => {
        await answered;
        return { body: { count: 1, results: [billWaiver()] } };
      },
    });
    expect(await screen.findByText("Loading waivers…")).toBeInTheDocument();
    release();
    const list = await screen.findByRole("list", { name: "Waivers waiting for a decision" });
    expect(api.callsTo(LIST)[0]?.url.searchParams.get("status")).toBe("pending");
    expect(screen.getByText("1 waiver waits for a decision.")).toBeInTheDocument();
    expect(screen.getByText("You approve waivers up to ₦1,000.00.")).toBeInTheDocument();
    const item = within(list).getAllByRole("listitem")[0]!;
    const row = (label: string) => within(item).getByText(label).nextElementSibling;
    expect(row("Patient")).toHaveTextContent("Chioma Okafor");
    expect(row("Hospital number")).toHaveTextContent("HN-0042");
    expect(within(item).getByRole("link", { name: `Open bill ${TOKEN}` })).toHaveAttribute(
      "href",
      `/admindashboard/bills?bill=${TOKEN}`,
    );
    expect(row("Amount")).toHaveTextContent("₦750.00 (10% of the bill)");
    expect(row("Reason")).toHaveTextContent("Indigent patient, social welfare letter");
    expect(row("Asked by")).toHaveTextContent("Agent Ade");
    expect(row("When")).toHaveTextContent("12 Mar 2025, 11:10 WAT");
    expect(within(item).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("rejects one with a note: the answer shown, the list read again", async () => {
    let decided = false;
    const { api, app } = openWaivers({
      [LIST]: () => ({ body: decided ? { count: 0, results: [] } : { count: 1, results: [billWaiver()] } }),
      [DECIDE]: () => {
        decided = true;
        return { body: { detail: "Waiver rejected.", waiver: billWaiver({ status: "rejected" }) } };
      },
    });
    const decide = await screen.findByRole("group", { name: "Decide the waiver of ₦750.00 for Chioma Okafor" });
    await app.user.click(within(decide).getByRole("button", { name: "Reject" }));
    const note = within(decide).getByRole("textbox", { name: "Note for the decision" });
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo(DECIDE)).toHaveLength(0);
    await app.user.type(note, "No letter");
    await app.user.click(within(decide).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Waiver rejected.")).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ decision: "reject", note: "No letter" });
    expect(await screen.findByText("No waiver is waiting for a decision.")).toBeInTheDocument();
    expect(api.callsTo(LIST).length).toBeGreaterThan(1);
  });

  it("shows a refusal over the limit in an alert", async () => {
    const { app } = openWaivers({
      [DECIDE]: { status: 403, body: { detail: "This waiver is above your limit of ₦1,000.00.", code: "over_waiver_limit" } },
    });
    const decide = await screen.findByRole("group", { name: /Decide the waiver/ });
    await app.user.type(within(decide).getByRole("textbox", { name: "Note for the decision" }), "Fine");
    await app.user.click(within(decide).getByRole("button", { name: "Approve" }));
    expect(await within(decide).findByRole("alert")).toHaveTextContent("This waiver is above your limit of ₦1,000.00.");
  });

  it("offers a member without the right no decision, and says why", async () => {
    const { api } = openWaivers({}, "AGENT", "/agentdashboard/waivers", { user_id: 8, waiver_limit: null });
    await screen.findByRole("list", { name: "Waivers waiting for a decision" });
    expect(await screen.findByText("You do not approve waivers: the list is for you to see.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reject" })).toBeNull();
    expect(api.callsTo(DESK)).toHaveLength(1);
  });

  it("says when the list cannot be loaded, and loads it again on Try again", async () => {
    let fail = true;
    const { app } = openWaivers({
      [LIST]: () => (fail ? { status: 500, body: { detail: "Server error." } } : { body: { count: 0, results: [] } }),
    });
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("Error: Server error.");
    await expectNoAxeViolations();
    fail = false;
    await app.user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No waiver is waiting for a decision.")).toBeInTheDocument();
  });
});
