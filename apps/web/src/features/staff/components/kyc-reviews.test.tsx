import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const QUEUE = "GET /api/staff/kyc/";

type Routes = Parameters<typeof mockApi>[0];

/** A document's public id, as the API hands it out (a random UUID). */
const DOC_ID = "6f1c2a9e-3b47-4d2a-9c1e-8a5b0d7e4f21";
const DOC = `GET /auth/kyc/documents/${DOC_ID}/`;

function review(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    status: "PENDING",
    tier_level: null,
    submitted_at: "2025-03-12T10:04:00Z",
    customer: { id: 7, first_name: "Ada", last_name: "Obi", email: "ada@example.com" },
    account_type: "INDIVIDUAL",
    id_type: "NIN",
    id_number: "12345678901",
    dob: "1990-04-12",
    address: "12 Marina Road, Lagos",
    next_of_kin_name: "Chidi Obi",
    next_of_kin_phone: "08098765432",
    next_of_kin_address: "4 Broad Street, Lagos",
    rejection_reason: null,
    documents: [{ id: DOC_ID, slot: "utility_bill", original_name: "bill.pdf", url: `/auth/kyc/documents/${DOC_ID}/` }],
    decisions: [
      {
        decision: "rejected",
        tier_level: null,
        reason: "Blurry ID.",
        decided_at: "2025-03-10T09:00:00Z",
        decided_by: { email: "admin@hospipay.ng" },
      },
    ],
    ...overrides,
  };
}

function openDashboard(path: string, role: string, routes: Routes = {}) {
  const staff = buildUser({ role, first_name: "Tolu", last_name: "Ade", email: "admin@hospipay.ng", wallet_id: null });
  signIn(staff);
  const api = mockApi({ [PROFILE]: { body: staff }, [QUEUE]: { body: { results: [review()] } }, ...routes });
  const app = renderApp(path);
  return { api, app };
}

async function openReview(app: ReturnType<typeof renderApp>) {
  const row = await screen.findByRole("listitem", { name: "Ada Obi" });
  await app.user.click(within(row).getByRole("button", { name: "Review" }));
  return screen.findByRole("dialog", { name: "KYC review: Ada Obi" });
}

describe("KYC reviews on the staff dashboards", () => {
  it.each(["/admindashboard", "/superdashboard"])("lists the pending queue on %s", async (path) => {
    const { api } = openDashboard(path, path === "/admindashboard" ? "ADMIN" : "SUPERADMIN");
    expect(await screen.findByRole("heading", { name: "KYC reviews" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Admin Transactions Dashboard" })).toBeInTheDocument();
    const row = await screen.findByRole("listitem", { name: "Ada Obi" });
    expect(within(row).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(row).getByText("PENDING")).toBeInTheDocument();
    expect(within(row).getByText(/^Submitted /)).toBeInTheDocument();
    expect(screen.getByLabelText("KYC status")).toHaveValue("PENDING");
    expect(api.callsTo(QUEUE)[0]?.url.searchParams.get("status")).toBe("PENDING");
    expect(api.callsTo(QUEUE)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
  });

  it("filters by status", async () => {
    const { api, app } = openDashboard("/admindashboard", "ADMIN", {
      [QUEUE]: (call) => ({
        body: { results: call.url.searchParams.get("status") === "verified" ? [] : [review()] },
      }),
    });
    await screen.findByRole("listitem", { name: "Ada Obi" });
    await app.user.selectOptions(screen.getByLabelText("KYC status"), "Verified");
    expect(await screen.findByText("No KYC submissions to review.")).toBeInTheDocument();
    expect(api.callsTo(QUEUE).map((call) => call.url.searchParams.get("status"))).toEqual(["PENDING", "verified"]);
  });

  it("shows the empty state", async () => {
    openDashboard("/admindashboard", "ADMIN", { [QUEUE]: { body: { results: [] } } });
    expect(await screen.findByText("No KYC submissions to review.")).toBeInTheDocument();
  });

  it("shows an error when the queue fails to load", async () => {
    openDashboard("/admindashboard", "ADMIN", { [QUEUE]: { status: 500, body: { detail: "boom" } } });
    expect(await screen.findByText("Failed to load KYC submissions.", {}, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
  });

  it("is not shown to agents", async () => {
    const { api } = openDashboard("/agentdashboard", "AGENT");
    expect(await screen.findByRole("heading", { name: "Agent Transactions Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "KYC reviews" })).not.toBeInTheDocument();
    expect(api.callsTo(QUEUE)).toHaveLength(0);
  });

  it("shows every detail and the decision history, then verifies with the chosen tier", async () => {
    const decided: MockReply = { body: review({ status: "verified", tier_level: 2 }) };
    const { api, app } = openDashboard("/admindashboard", "ADMIN", { "POST /api/staff/kyc/11/decision/": decided });
    const dialog = await openReview(app);
    for (const text of [
      "12345678901",
      "1990-04-12",
      "12 Marina Road, Lagos",
      "Chidi Obi",
      "08098765432",
      "4 Broad Street, Lagos",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    const history = within(dialog).getByRole("list", { name: "Decision history" });
    expect(history).toHaveTextContent("Rejected");
    expect(history).toHaveTextContent("admin@hospipay.ng");
    expect(history).toHaveTextContent("Blurry ID.");
    await app.user.selectOptions(within(dialog).getByLabelText("Tier level"), "2");
    await app.user.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(api.callsTo("POST /api/staff/kyc/11/decision/")).toHaveLength(1));
    expect(api.callsTo("POST /api/staff/kyc/11/decision/")[0]?.body).toEqual({ decision: "verified", tier_level: 2 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(QUEUE)).toHaveLength(2));
  });

  it("says beside the details whether the customer's account number was issued, and why not", async () => {
    const standings = [
      [{ status: "needs_nin", reason: "invalid_nin" }, "Not issued: the NIN is not 11 digits"],
      [
        { status: "needs_nin", reason: "not_nin" },
        "Not issued: the ID is not a NIN, and an account number needs an 11-digit NIN",
      ],
      [{ status: "active", reason: null }, "Issued"],
      [{ status: "pending", reason: null }, "Being set up"],
    ] as const;
    for (const [standing, text] of standings) {
      const { app } = openDashboard("/admindashboard", "ADMIN", {
        [QUEUE]: { body: { results: [review({ id_number: "12", reserved_account: standing })] } },
      });
      const dialog = await openReview(app);
      const label = within(dialog).getByText("Account number (bank transfers)");
      expect(label.nextElementSibling).toHaveTextContent(new RegExp(`^${text}$`));
      app.unmount();
    }
  });

  it("needs a reason to reject, then sends it", async () => {
    const { api, app } = openDashboard("/admindashboard", "ADMIN", {
      "POST /api/staff/kyc/11/decision/": { body: review({ status: "REJECTED", rejection_reason: "Expired ID." }) },
    });
    const dialog = await openReview(app);
    await app.user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please give a reason for the rejection.");
    expect(api.callsTo("POST /api/staff/kyc/11/decision/")).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText("Reason"), "Expired ID.");
    await app.user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(api.callsTo("POST /api/staff/kyc/11/decision/")[0]?.body).toEqual({ decision: "rejected", reason: "Expired ID." }),
    );
  });

  it("shows the server's message when a decision fails", async () => {
    const { app } = openDashboard("/admindashboard", "ADMIN", {
      "POST /api/staff/kyc/11/decision/": { status: 400, body: { detail: "tier_level is required." } },
    });
    const dialog = await openReview(app);
    await app.user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("tier_level is required.");
  });

  it.each([
    ["verified", { status: "verified", tier_level: 2 }, "Verified at tier 2."],
    ["rejected", { status: "REJECTED", rejection_reason: "Expired ID." }, "Rejected."],
  ] as const)("shows a %s record's decision and offers no Verify, Reject, tier or reason", async (_label, overrides, said) => {
    const decision = { decision: overrides.status === "verified" ? "verified" : "rejected", tier_level: null, reason: null };
    const { api, app } = openDashboard("/admindashboard", "ADMIN", {
      [QUEUE]: {
        body: {
          results: [
            review({
              ...overrides,
              decisions: [{ ...decision, decided_at: "2025-03-13T09:00:00Z", decided_by: { email: "admin@hospipay.ng" } }],
            }),
          ],
        },
      },
    });
    const dialog = await openReview(app);
    expect(within(dialog).getByText(said, { exact: false })).toBeInTheDocument();
    for (const name of ["Verify", "Reject"]) expect(within(dialog).queryByRole("button", { name })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Tier level")).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Reason")).not.toBeInTheDocument();
    // The documents and history stay readable, and the dialog closes from its own button.
    expect(within(dialog).getByRole("button", { name: "View utility bill" })).toBeInTheDocument();
    expect(within(dialog).getByRole("list", { name: "Decision history" })).toBeInTheDocument();
    const closeButtons = within(dialog).getAllByRole("button", { name: "Close" });
    await app.user.click(closeButtons[closeButtons.length - 1]!);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST /api/staff/kyc/11/decision/")).toHaveLength(0);
  });

  it("refreshes the queue when the record was decided meanwhile (409)", async () => {
    const { api, app } = openDashboard("/admindashboard", "ADMIN", {
      "POST /api/staff/kyc/11/decision/": {
        status: 409,
        body: { detail: "Only a pending KYC submission can be decided.", code: "kyc_not_pending" },
      },
    });
    const dialog = await openReview(app);
    await app.user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only a pending KYC submission can be decided.");
    await waitFor(() => expect(api.callsTo(QUEUE)).toHaveLength(2));
  });

  it("opens a document through an authenticated fetch and an object URL", async () => {
    const tab = { location: { href: "" }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    // jsdom has no object URLs; this file's environment is its own, so nothing leaks into other tests.
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? "blob:http://localhost/doc-5" : ""));
    Object.defineProperty(URL, "createObjectURL", { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
    const { api, app } = openDashboard("/admindashboard", "ADMIN", {
      [DOC]: { raw: "%PDF-1.4" },
    });
    const dialog = await openReview(app);
    await app.user.click(within(dialog).getByRole("button", { name: "View utility bill" }));
    await waitFor(() => expect(tab.location.href).toBe("blob:http://localhost/doc-5"));
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(api.callsTo(DOC)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(createObjectURL.mock.calls[0]?.[0]).toHaveProperty("size", 8);
  });
});

describe("changing a verified customer's tier (KYC tiers, issue 22)", () => {
  it("sends the new tier for a verified record; the current tier cannot be sent again", async () => {
    const verified = review({ status: "verified", tier_level: 2 });
    const { app, api } = openDashboard("/admindashboard", "ADMIN", {
      [QUEUE]: { body: { results: [verified] } },
      "POST /api/staff/kyc/11/tier/": { body: { ...verified, tier_level: 3 } },
    });
    const dialog = await openReview(app);
    const button = within(dialog).getByRole("button", { name: "Change tier" });
    expect(button).toBeDisabled();
    await app.user.selectOptions(within(dialog).getByRole("combobox", { name: /Change tier to/ }), "3");
    await app.user.click(button);
    await waitFor(() => expect(api.callsTo("POST /api/staff/kyc/11/tier/")).toHaveLength(1));
    expect(api.callsTo("POST /api/staff/kyc/11/tier/")[0]?.body).toEqual({ tier_level: 3 });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "KYC review: Ada Obi" })).not.toBeInTheDocument());
  });
});
