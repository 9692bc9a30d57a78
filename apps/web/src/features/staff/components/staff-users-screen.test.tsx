import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const USERS = "GET /api/staff/users/";
const CREATE = "POST /api/staff/users/";

type Routes = Parameters<typeof mockApi>[0];

function account(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    email: "bola@hospipay.ng",
    first_name: "Bola",
    last_name: "Ade",
    phone_number: "08031234567",
    role: "AGENT",
    is_active: true,
    created_at: "2025-03-12T10:04:00Z",
    ...overrides,
  };
}

const ME = account({ id: 1, email: "super@hospipay.ng", first_name: "Sade", last_name: "Bello", role: "SUPERADMIN" });

function list(results: unknown[], count = results.length, page = 1) {
  return { body: { count, page, page_size: 20, results } };
}

function openStaffPage(routes: Routes = {}, role = "SUPERADMIN") {
  const staff = buildUser({ id: 1, role, first_name: "Sade", last_name: "Bello", email: "super@hospipay.ng", wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [USERS]: list([ME, account()]),
    ...routes,
  });
  return { api, app: renderApp("/superdashboard/staff") };
}

describe("/superdashboard/staff", () => {
  it("lists accounts with their role and status", async () => {
    const { api } = openStaffPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Staff accounts" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Accounts" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Sade Bello(you)");
    const bola = within(rows[1] as HTMLElement);
    expect(bola.getByText("bola@hospipay.ng")).toBeInTheDocument();
    expect(bola.getByLabelText("Role of Bola Ade")).toHaveValue("AGENT");
    expect(bola.getByText("Active")).toBeInTheDocument();
    expect(bola.getByRole("button", { name: "Save role of Bola Ade" })).toBeDisabled();
    expect(screen.getByText("2 accounts")).toBeInTheDocument();
    expect(api.callsTo(USERS)[0]?.url.searchParams.get("page")).toBe("1");
    expect(api.callsTo(USERS)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
  });

  it("searches, filters by role and pages", async () => {
    const { api, app } = openStaffPage({
      [USERS]: (call) => {
        const page = Number(call.url.searchParams.get("page"));
        return list(
          page === 2 ? [account({ id: 30, first_name: "Zainab", email: "zainab@hospipay.ng" })] : [ME, account()],
          21,
          page,
        );
      },
    });
    await screen.findByText("bola@hospipay.ng");
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await app.user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("zainab@hospipay.ng")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await app.user.selectOptions(screen.getByLabelText("Role"), "Admin");
    await waitFor(() => expect(api.callsTo(USERS).at(-1)?.url.searchParams.get("role")).toBe("ADMIN"));
    expect(api.callsTo(USERS).at(-1)?.url.searchParams.get("page")).toBe("1");
    await app.user.type(screen.getByLabelText("Search"), "bola");
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(api.callsTo(USERS).at(-1)?.url.searchParams.get("search")).toBe("bola"));
    expect(api.callsTo(USERS).at(-1)?.url.searchParams.get("role")).toBe("ADMIN");
  });

  it("shows the empty state and the error state", async () => {
    const { app } = openStaffPage({
      [USERS]: (call) =>
        call.url.searchParams.get("search") === "nobody" ? list([]) : { status: 500, body: { detail: "Database unavailable." } },
    });
    expect(await screen.findByText("Error: Database unavailable.", {}, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText("Search"), "nobody");
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No accounts match these filters.")).toBeInTheDocument();
  }, 10_000);

  it("creates a staff account and shows the server's detail", async () => {
    const detail = "Staff account created. A link to set the password was e-mailed to new@hospipay.ng.";
    const { api, app } = openStaffPage({
      [CREATE]: { status: 201, body: { detail, user: account({ id: 40, email: "new@hospipay.ng", role: "ADMIN" }) } },
    });
    await screen.findByText("bola@hospipay.ng");
    await app.user.click(screen.getByRole("button", { name: "Create staff account" }));
    const dialog = await screen.findByRole("dialog", { name: "Create staff account" });
    // Checked before sending, with the server's wording.
    await app.user.click(within(dialog).getByRole("button", { name: "Create account" }));
    expect(within(dialog).getByLabelText("First name")).toHaveAccessibleDescription("This field may not be blank.");
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText("First name"), "Ngozi");
    await app.user.type(within(dialog).getByLabelText("Last name"), "Eze");
    await app.user.type(within(dialog).getByLabelText("E-mail"), "New@Hospipay.ng");
    await app.user.type(within(dialog).getByLabelText("Phone number"), "0803 555 1234");
    expect(
      within(within(dialog).getByLabelText("Role"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Admin", "Agent", "Super admin"]);
    await app.user.selectOptions(within(dialog).getByLabelText("Role"), "Admin");
    const before = api.callsTo(USERS).length;
    await app.user.click(within(dialog).getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      first_name: "Ngozi",
      last_name: "Eze",
      email: "new@hospipay.ng",
      phone_number: "08035551234",
      role: "ADMIN",
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(USERS).length).toBeGreaterThan(before));
  });

  it("shows the server's field errors when creating fails", async () => {
    const { app } = openStaffPage({
      [CREATE]: { status: 400, body: { detail: "Invalid input.", email: ["A user with this e-mail already exists."] } },
    });
    await screen.findByText("bola@hospipay.ng");
    await app.user.click(screen.getByRole("button", { name: "Create staff account" }));
    const dialog = await screen.findByRole("dialog", { name: "Create staff account" });
    await app.user.type(within(dialog).getByLabelText("First name"), "Bola");
    await app.user.type(within(dialog).getByLabelText("Last name"), "Ade");
    await app.user.type(within(dialog).getByLabelText("E-mail"), "bola@hospipay.ng");
    await app.user.type(within(dialog).getByLabelText("Phone number"), "08031234567");
    await app.user.click(within(dialog).getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("E-mail")).toHaveAccessibleDescription("A user with this e-mail already exists."),
    );
    // The field says what is wrong; the generic "Invalid input." is not repeated above it.
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("changes a role", async () => {
    let role = "AGENT";
    const { api, app } = openStaffPage({
      [USERS]: () => list([ME, account({ role })]),
      "PATCH /api/staff/users/12/": (call) => {
        role = (call.body as { role: string }).role;
        return { body: { detail: "Account updated.", user: account({ role }) } };
      },
    });
    const select = await screen.findByLabelText("Role of Bola Ade");
    await app.user.selectOptions(select, "Admin");
    await app.user.click(screen.getByRole("button", { name: "Save role of Bola Ade" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Account updated.");
    expect(api.callsTo("PATCH /api/staff/users/12/")[0]?.body).toEqual({ role: "ADMIN" });
    await waitFor(() => expect(screen.getByLabelText("Role of Bola Ade")).toHaveValue("ADMIN"));
    expect(screen.getByRole("button", { name: "Save role of Bola Ade" })).toBeDisabled();
  });

  it("offers a role menu only where the role can change: staff roles between staff, not on customers or oneself", async () => {
    const customer = account({ id: 40, first_name: "Chidi", last_name: "Eze", email: "chidi@example.ng", role: "CUSTOMER" });
    const { api } = openStaffPage({ [USERS]: list([ME, account(), customer]) });
    const table = await screen.findByRole("table", { name: "Accounts" });
    const [me, bola, chidi] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(chidi!).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(chidi!).queryByRole("button", { name: /Save role/ })).not.toBeInTheDocument();
    expect(within(chidi!).getByText("Customer")).toBeInTheDocument();
    expect(within(me!).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(me!).getByText("Super admin")).toBeInTheDocument();
    const options = within(within(bola!).getByLabelText("Role of Bola Ade")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Admin", "Agent", "Super admin"]);
    expect(api.callsTo("PATCH /api/staff/users/40/")).toHaveLength(0);
  });

  it("deactivates after a confirmation, and cancelling sends nothing", async () => {
    let active = true;
    const { api, app } = openStaffPage({
      [USERS]: () => list([ME, account({ is_active: active })]),
      "PATCH /api/staff/users/12/": (call) => {
        active = (call.body as { is_active: boolean }).is_active;
        return { body: { detail: "Account updated.", user: account({ is_active: active }) } };
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Deactivate Bola Ade" }));
    let dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    expect(dialog).toHaveTextContent("They will no longer be able to sign in.");
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Deactivate Bola Ade" })).toHaveFocus();
    expect(api.callsTo("PATCH /api/staff/users/12/")).toHaveLength(0);

    await app.user.click(screen.getByRole("button", { name: "Deactivate Bola Ade" }));
    dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    await app.user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Account updated.");
    expect(api.callsTo("PATCH /api/staff/users/12/")[0]?.body).toEqual({ is_active: false });
    expect(await screen.findByRole("button", { name: "Reactivate Bola Ade" })).toBeInTheDocument();
    expect(screen.getByText("Inactive")).toBeInTheDocument();
  });

  it("offers no Deactivate on one's own account, and shows a 409's detail in the confirmation", async () => {
    const detail = "This account cannot be deactivated now.";
    const { app } = openStaffPage({
      [USERS]: list([ME, account()]),
      "PATCH /api/staff/users/12/": { status: 409, body: { detail } },
    });
    const table = await screen.findByRole("table", { name: "Accounts" });
    const [me] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(me!).queryByRole("button", { name: /Deactivate|Reactivate/ })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Deactivate Bola Ade" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    await app.user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(detail);
  });

  it("sets a member's desk: departments from the catalogue, rights and waiver limit, checked before sending", async () => {
    const desk = {
      user_id: 12,
      name: "Bola Ade",
      role: "AGENT",
      departments: ["Laboratory", "Old Ward"],
      collects_money: false,
      gives_items: true,
      waiver_limit: null,
      updated_at: "2026-11-20T09:00:00Z",
    };
    const { api, app } = openStaffPage({
      "GET /api/staff/users/12/desk/": { body: desk },
      "GET /api/catalogue/departments/": {
        body: {
          success: true,
          data: {
            orgDepts: [
              { id: 1, name: "Laboratory" },
              { id: 2, name: "Pharmacy" },
            ],
          },
        },
      },
      "PUT /api/staff/users/12/desk/": { body: { detail: "Desk rights saved.", desk } },
    });
    const table = await screen.findByRole("table", { name: "Accounts" });
    const [me, bola] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
    // A customer has no desk; staff, oneself included, do.
    expect(within(me!).getByRole("button", { name: "Desk rights of Sade Bello" })).toBeInTheDocument();
    await app.user.click(within(bola!).getByRole("button", { name: "Desk rights of Bola Ade" }));
    const dialog = await screen.findByRole("dialog", { name: "Desk rights of Bola Ade" });
    const departments = within(dialog).getByRole("group", { name: "Departments" });
    await waitFor(() =>
      expect(
        within(departments)
          .getAllByRole("checkbox")
          .map((box) => box.parentElement?.textContent),
      ).toEqual(["Laboratory", "Pharmacy", "Old Ward"]),
    );
    expect(within(departments).getByRole("checkbox", { name: "Laboratory" })).toBeChecked();
    expect(within(departments).getByRole("checkbox", { name: "Pharmacy" })).not.toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Gives items" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Collects money" })).not.toBeChecked();

    // A waiver limit that is not an amount is refused here, nothing sent.
    await app.user.type(within(dialog).getByLabelText("Waiver limit (₦)"), "ten");
    await app.user.click(within(dialog).getByRole("button", { name: "Save desk rights" }));
    expect(await within(dialog).findByText("Enter a valid amount.")).toBeInTheDocument();
    expect(api.callsTo("PUT /api/staff/users/12/desk/")).toHaveLength(0);

    await app.user.clear(within(dialog).getByLabelText("Waiver limit (₦)"));
    await app.user.type(within(dialog).getByLabelText("Waiver limit (₦)"), "5000");
    await app.user.click(within(departments).getByRole("checkbox", { name: "Pharmacy" }));
    await app.user.click(within(departments).getByRole("checkbox", { name: "Old Ward" }));
    await app.user.click(within(dialog).getByRole("checkbox", { name: "Collects money" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Save desk rights" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("PUT /api/staff/users/12/desk/")[0]?.body).toEqual({
      departments: ["Laboratory", "Pharmacy"],
      collects_money: true,
      gives_items: true,
      waiver_limit: "5000",
    });
    expect(screen.getByText("Desk rights saved.")).toBeInTheDocument();
  });

  it.each([
    ["ADMIN", "/admindashboard"],
    ["AGENT", "/agentdashboard"],
    ["CUSTOMER", "/dashboard"],
  ])("sends a %s to %s", async (role, destination) => {
    const user = buildUser({ role });
    signIn(user);
    const api = mockApi({ [PROFILE]: { body: user } });
    for (const path of ["/superdashboard/staff", "/superdashboard/audit-log"]) {
      const app = renderApp(path);
      await waitFor(() => expect(app.location().pathname).toBe(destination));
      app.unmount();
    }
    expect(api.callsTo(USERS)).toHaveLength(0);
    expect(api.callsTo("GET /api/staff/audit-log/")).toHaveLength(0);
  });

  it("links the super admin's screens from the dashboard header, for super admins only", async () => {
    const { app } = openStaffPage({
      "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } },
      "GET /api/staff/refunds/": { body: { count: 0, results: [] } },
      "GET /api/staff/kyc/": { body: { results: [] } },
      "GET /api/staff/audit-log/": { body: { count: 0, next: null, results: [] } },
    });
    const nav = await screen.findByRole("navigation", { name: "Super admin" });
    expect(within(nav).getByRole("link", { name: "Staff accounts" })).toHaveAttribute("aria-current", "page");
    await app.user.click(within(nav).getByRole("link", { name: "Audit log" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    await app.user.click(
      within(screen.getByRole("navigation", { name: "Super admin" })).getByRole("link", { name: "Transactions" }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Transactions Dashboard" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/superdashboard");
    app.unmount();

    const admin = buildUser({ role: "ADMIN" });
    signIn(admin);
    mockApi({ [PROFILE]: { body: admin }, "GET /api/staff/kyc/": { body: { results: [] } } });
    renderApp("/admindashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Transactions Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Super admin" })).not.toBeInTheDocument();
  });
});
