import { AUDIT_ACTIONS } from "@hospipay/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const PROFILE = "GET /auth/profile/";
const LOG = "GET /api/staff/audit-log/";

type Routes = Parameters<typeof mockApi>[0];

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    created_at: "2025-03-12T23:30:00Z",
    actor: { id: 3, name: "Tolu Ade", email: "tolu@hospipay.ng", role: "ADMIN" },
    action: "refund.requested",
    target_type: "invoice",
    target_id: `INV-${id}`,
    summary: `Asked to refund INV-${id} (₦250,000.00).`,
    details: {},
    ...overrides,
  };
}

function openLog(routes: Routes = {}) {
  const staff = buildUser({ role: "SUPERADMIN", wallet_id: null });
  signIn(staff);
  const api = mockApi({ [PROFILE]: { body: staff }, [LOG]: { body: { count: 1, next: null, results: [entry(1)] } }, ...routes });
  return { api, app: renderApp("/superdashboard/audit-log") };
}

describe("/superdashboard/audit-log", () => {
  it("shows each entry's time in WAT, actor, action, target and summary", async () => {
    const { api } = openLog();
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Audit log, newest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Time (WAT)", "Actor", "Action", "Target", "Summary"]);
    const cells = within(within(table).getAllByRole("row")[1] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(cells).toEqual([
      "13 Mar 2025, 00:30:00 WAT",
      "Tolu Adetolu@hospipay.ngAdmin",
      "refund.requested",
      "invoice INV-1",
      "Asked to refund INV-1 (₦250,000.00).",
    ]);
    expect(screen.getByText("1 entry")).toBeInTheDocument();
    const first = api.callsTo(LOG)[0];
    expect([...(first?.url.searchParams.keys() ?? [])]).toEqual(["page_size"]);
    expect(first?.headers.get("Authorization")).toBe("Bearer test-token");
  });

  it("sends the filters as the query", async () => {
    const { api, app } = openLog({
      [LOG]: (call) => ({
        body: call.url.searchParams.has("action")
          ? { count: 0, next: null, results: [] }
          : { count: 1, next: null, results: [entry(1)] },
      }),
    });
    await screen.findByText("invoice INV-1");
    const actions = within(screen.getByLabelText("Action")).getAllByRole("option");
    // "Any action", then every action the API records.
    expect(actions).toHaveLength(AUDIT_ACTIONS.length + 1);
    expect(actions.map((option) => option.getAttribute("value"))).toEqual(["", ...AUDIT_ACTIONS]);
    expect(actions.map((option) => option.textContent)).toContain("Payment review settled");
    expect(actions.map((option) => option.textContent)).toContain("Bill cancelled");
    expect(actions.map((option) => option.getAttribute("value"))).toContain("staff.role_changed");
    expect(actions.map((option) => option.getAttribute("value"))).toContain("transfer.approved");
    await app.user.selectOptions(screen.getByLabelText("Action"), "refund.approved");
    await app.user.type(screen.getByLabelText("Actor"), " tolu ");
    await app.user.type(screen.getByLabelText("Date From"), "2025-03-01");
    await app.user.type(screen.getByLabelText("Date To"), "2025-03-31");
    // Nothing is sent until the filters are applied.
    expect(api.callsTo(LOG)).toHaveLength(1);
    await app.user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByText("No entries match these filters.")).toBeInTheDocument();
    const params = api.callsTo(LOG).at(-1)?.url.searchParams;
    expect(Object.fromEntries(params ?? [])).toEqual({
      action: "refund.approved",
      actor: "tolu",
      start_date: "2025-03-01",
      end_date: "2025-03-31",
      page_size: "50",
    });
    await app.user.click(screen.getByRole("button", { name: "Clear" }));
    expect(await screen.findByText("invoice INV-1")).toBeInTheDocument();
    expect(screen.getByLabelText("Actor")).toHaveValue("");
  });

  it("refuses a range that ends before it starts", async () => {
    const { api, app } = openLog();
    await screen.findByText("invoice INV-1");
    await app.user.type(screen.getByLabelText("Date From"), "2025-03-31");
    await app.user.type(screen.getByLabelText("Date To"), "2025-03-01");
    expect(screen.getByLabelText("Date To")).toHaveAccessibleDescription("Date To must not be before Date From.");
    await app.user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(api.callsTo(LOG)).toHaveLength(1);
  });

  it("loads more by following `next`", async () => {
    const next = "/api/staff/audit-log/?action=refund.requested&page_size=50&cursor=c2";
    const { api, app } = openLog({
      [LOG]: (call) =>
        call.url.searchParams.get("cursor") === "c2"
          ? { body: { count: 2, next: null, results: [entry(2)] } }
          : { body: { count: 2, next, results: [entry(1)] } },
    });
    await screen.findByText("invoice INV-1");
    expect(screen.getByText("1 of 2 entries")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("invoice INV-2")).toBeInTheDocument();
    expect(screen.getByText("invoice INV-1")).toBeInTheDocument();
    const second = api.callsTo(LOG)[1];
    expect(Object.fromEntries(second?.url.searchParams ?? [])).toEqual({
      action: "refund.requested",
      page_size: "50",
      cursor: "c2",
    });
    expect(second?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByText("2 entries")).toBeInTheDocument();
  });

  it("shows the loading, empty and error states", async () => {
    let reply: Promise<{ body: unknown }> | { status: number; body: unknown } = new Promise(() => undefined);
    const { app } = openLog({ [LOG]: () => reply });
    expect(await screen.findByText("Loading audit log…")).toBeInTheDocument();
    app.unmount();

    reply = { status: 200, body: { count: 0, next: null, results: [] } };
    const second = openLog({ [LOG]: () => reply });
    expect(await screen.findByText("Nothing has been recorded yet.")).toBeInTheDocument();
    second.app.unmount();

    reply = { status: 403, body: { detail: "You do not have permission to perform this action." } };
    openLog({ [LOG]: () => reply });
    expect(await screen.findByText("Error: You do not have permission to perform this action.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled());
  });
});
