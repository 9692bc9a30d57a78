import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { buildUser, signIn } from "./factories";
import { mockApi } from "./mock-api";
import { renderApp } from "./render-app";

export type Routes = Parameters<typeof mockApi>[0];
type App = ReturnType<typeof renderApp>;
type Api = ReturnType<typeof mockApi>;

const STAFF_HOME: Record<string, string> = {
  AGENT: "/agentdashboard",
  ADMIN: "/admindashboard",
  SUPERADMIN: "/superdashboard",
};

/** What the staff dashboards load besides the queue a test looks at: nothing, in each list. */
const QUIET_DASHBOARD: Routes = {
  "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } },
  "GET /api/staff/kyc/": { body: { results: [] } },
  "GET /api/staff/refunds/": { body: { count: 0, results: [] } },
  "GET /api/staff/payment-reviews/": { body: { count: 0, results: [] } },
  "GET /api/staff/transfer-confirmations/": { body: { count: 0, results: [] } },
  "GET /api/staff/kyc-holds/": { body: { results: [] } },
};

/** Signs a staff member of `role` in and opens that role's dashboard, with `routes` over the quiet ones. */
export function openStaffDashboard(role: string, routes: Routes = {}): { api: Api; app: App } {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({ "GET /auth/profile/": { body: staff }, ...QUIET_DASHBOARD, ...routes });
  return { api, app: renderApp(STAFF_HOME[role]!) };
}

/** `openStaffDashboard` with `queue`'s routes under each test's own. */
export function dashboardWith(queue: Routes): (role: string, routes?: Routes) => { api: Api; app: App } {
  return (role, routes = {}) => openStaffDashboard(role, { ...queue, ...routes });
}

/** The fields of a staff request not yet decided, as a queue awaiting approval lists it for Ada Obi. */
export const UNDECIDED = {
  customer_name: "Ada Obi",
  customer_email: "ada@example.com",
  decided_by: null,
  decision_note: null,
  created_at: "2025-03-12T10:04:00Z",
  decided_at: null,
};

/** The text of each cell of the first row under the header of the table named `name`. */
export async function firstRowCells(name: string): Promise<Array<string | null>> {
  const table = await screen.findByRole("table", { name });
  return within(within(table).getAllByRole("row")[1] as HTMLElement)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

/** Presses a row's action button and waits for the dialog it opens. */
export async function openDialog(app: App, button: string, dialog: string): Promise<HTMLElement> {
  await app.user.click(await screen.findByRole("button", { name: button }));
  return screen.findByRole("dialog", { name: dialog });
}

/** The first call's request to `route` was the queue of items awaiting approval, sent signed in. */
export function expectAwaitingApprovalAsked(api: Api, route: string): void {
  expect(api.callsTo(route)[0]?.url.searchParams.get("status")).toBe("awaiting_approval");
  expect(api.callsTo(route)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
}

/**
 * Rejecting without a reason marks the field and sends nothing; with `note` typed it sends `{note}` and
 * toasts `toast`.
 */
export async function expectRejectionNeedsReason(
  app: App,
  api: Api,
  reject: { button: string; dialog: string; route: string; note: string; toast: string },
): Promise<void> {
  const dialog = await openDialog(app, reject.button, reject.dialog);
  await app.user.click(within(dialog).getByRole("button", { name: reject.dialog }));
  expect(within(dialog).getByLabelText("Reason for rejection")).toHaveAccessibleDescription(
    /Please give a reason for the rejection\./,
  );
  expect(api.callsTo(reject.route)).toHaveLength(0);
  await app.user.type(within(dialog).getByLabelText("Reason for rejection"), reject.note);
  await app.user.click(within(dialog).getByRole("button", { name: reject.dialog }));
  expect(await screen.findByText(reject.toast)).toBeInTheDocument();
  expect(api.callsTo(reject.route)[0]?.body).toEqual({ note: reject.note });
}

/** Confirming in the dialog shows the server's 409 detail inside it. */
export async function expectConflictInDialog(app: App, button: string, dialogName: string, detail: string): Promise<void> {
  const dialog = await openDialog(app, button, dialogName);
  await app.user.click(within(dialog).getByRole("button", { name: dialogName }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent(detail);
}

/** The queue's region, named `region`, shows "Error: {message}" in red and a "Try again" button. */
export async function expectQueueFailure(region: string, message: string): Promise<void> {
  const queue = await screen.findByRole("region", { name: region });
  expect(await within(queue).findByText(`Error: ${message}`)).toHaveClass("text-red-700");
  expect(within(queue).getByRole("button", { name: "Try again" })).toBeInTheDocument();
}

/** The dashboard of `role` shows `heading`, and neither the queue `queue` nor a request for it. */
export async function expectQueueAbsent(
  api: Api,
  heading: Parameters<typeof screen.findByRole>[1],
  queue: { heading: string; route: string },
): Promise<void> {
  expect(await screen.findByRole("heading", heading)).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: queue.heading })).not.toBeInTheDocument();
  expect(api.callsTo(queue.route)).toHaveLength(0);
}
