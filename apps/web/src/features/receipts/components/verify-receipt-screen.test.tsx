import { formatWatDateTime, MESSAGES, type StaffDesk, type StaffReceipt } from "@hospipay/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { startQrScan } from "../utils/qr-scanner";

// The camera cannot run in jsdom: the scanner is mocked for every web test (setup.ts), and each test here
// says what it does.
const CODE = "7K3MQ9XD2HPAW4RT";
const SHOWN = "7K3M-Q9XD-2HPA-W4RT";
const PUBLIC = `GET /api/receipts/${CODE}/`;
const STAFF = `GET /api/staff/receipts/${CODE}/`;
const REDEEM = `POST /api/staff/receipts/${CODE}/redeem/`;
const PROFILE = "GET /auth/profile/";
const DESK = "GET /api/staff/desk/";

/** The signed-in member's desk rights, as GET /api/staff/desk/ answers them. */
function desk(departments: string[], givesItems = true): StaffDesk {
  return {
    user_id: 3,
    name: "Bola Ade",
    role: "AGENT",
    departments,
    collects_money: false,
    gives_items: givesItems,
    waiver_limit: null,
    updated_at: "2026-11-25T08:00:00Z",
  };
}

function staffReceipt(overrides: Partial<StaffReceipt> = {}): StaffReceipt {
  return {
    code: SHOWN,
    kind: "payment",
    status: "paid",
    redeemable: true,
    reference: "HSP-20261125-0001",
    payer_name: "Ngozi Eze",
    hospital_number: "FTH/2026/01234",
    amount: "7600.00",
    hmo_part: "0.00",
    hmo_name: null,
    paid_at: "2026-11-25T12:00:00Z",
    bill: null,
    notice: null,
    items: [
      { id: 11, service_name: "Full blood count", department: "Laboratory", quantity: 1, given: 0, remaining: 1 },
      { id: 12, service_name: "Paracetamol 500 mg", department: "Pharmacy", quantity: 3, given: 1, remaining: 2 },
    ],
    given: [
      {
        id: 1,
        item_id: 12,
        service_name: "Paracetamol 500 mg",
        quantity: 1,
        department: "Pharmacy",
        given_by: { id: 4, name: "Tolu Ade" },
        given_at: "2026-11-25T13:03:00Z",
      },
    ],
    ...overrides,
  };
}

function signInStaff() {
  const agent = buildUser({ role: "AGENT", wallet_id: null });
  signIn(agent);
  return agent;
}

beforeEach(() => {
  vi.mocked(startQrScan).mockReset();
});

describe("/verify-receipt for anybody", () => {
  it("checks a code typed with spaces and small letters: paid, amount and date, nothing personal", async () => {
    const api = mockApi({
      [PUBLIC]: { body: { code: SHOWN, status: "paid", amount: "1500.00", paid_at: "2026-11-25T12:00:00Z" } },
    });
    const { user, location } = renderApp("/verify-receipt");
    await user.type(await screen.findByLabelText("Receipt code"), "7k3m q9xd 2hpa-w4rt");
    await user.click(screen.getByRole("button", { name: "Check code" }));

    const result = await screen.findByRole("region", { name: `Receipt ${SHOWN}` });
    expect(within(result).getByText("Paid")).toBeInTheDocument();
    expect(within(result).getByText("This receipt is valid: the payment was made.")).toBeInTheDocument();
    expect(within(result).getByText("₦1,500.00")).toBeInTheDocument();
    expect(within(result).getByText("25 Nov 2026, 13:00 WAT")).toBeInTheDocument();
    expect(api.callsTo(PUBLIC)).toHaveLength(1);
    expect(api.callsTo(PUBLIC)[0]?.headers.get("Authorization")).toBeNull();
    expect(new URLSearchParams(location().search).get("code")).toBe(SHOWN);
    // A guest has no camera scan.
    expect(screen.queryByRole("button", { name: /Scan/ })).not.toBeInTheDocument();
  });

  it("refuses a code that cannot be one without asking the server", async () => {
    const api = mockApi({});
    const { user } = renderApp("/verify-receipt");
    const input = await screen.findByLabelText("Receipt code");
    await user.type(input, "ABC-123");
    await user.click(screen.getByRole("button", { name: "Check code" }));
    expect(await screen.findByText("Enter the 16-character receipt code.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveFocus();
    expect(api.callsTo(PUBLIC)).toHaveLength(0);
  });

  it("reads ?code= from the link and says when no receipt has it", async () => {
    mockApi({ [PUBLIC]: { status: 404, body: { detail: MESSAGES.receipts.notFound, code: "not_found" } } });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.receipts.notFound);
    expect(screen.getByLabelText("Receipt code")).toHaveValue(SHOWN);
  });

  it("shows a refunded receipt as no longer valid", async () => {
    mockApi({ [PUBLIC]: { body: { code: SHOWN, status: "refunded", amount: "1500.00", paid_at: "2026-11-25T12:00:00Z" } } });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    expect(await screen.findByText("Refunded")).toBeInTheDocument();
    expect(screen.getByText("This payment was refunded: the receipt is no longer valid.")).toBeInTheDocument();
  });

  it("after a 429, says how long to wait and keeps Try again disabled until then", async () => {
    mockApi({
      [PUBLIC]: { status: 429, body: { detail: "Too many requests.", code: "throttled" }, headers: { "Retry-After": "42" } },
    });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/Too many checks from this device\. Try again in\s*42\s*42 s\./);
    expect(screen.getByRole("button", { name: "Try again" })).toBeDisabled();
  });

  it("after a dropped connection, offers Try again, which asks again", async () => {
    let calls = 0;
    mockApi({
      [PUBLIC]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError("Failed to fetch");
        return { body: { code: SHOWN, status: "not_paid", amount: "1500.00", paid_at: null } };
      },
    });
    const { user } = renderApp(`/verify-receipt?code=${SHOWN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not reach the server.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("This receipt has not been paid.")).toBeInTheDocument();
    expect(screen.getByText("Not paid", { selector: "dd" })).toBeInTheDocument();
  });
});

describe("/verify-receipt at the point of care", () => {
  it("shows staff the payer, items with departments and what was given", async () => {
    const agent = signInStaff();
    const api = mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: staffReceipt() } });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    const view = await screen.findByRole("region", { name: `Receipt ${SHOWN}` });
    expect(within(view).getByText("Ngozi Eze")).toBeInTheDocument();
    expect(within(view).getByText("FTH/2026/01234")).toBeInTheDocument();
    expect(within(view).getByText("HSP-20261125-0001")).toBeInTheDocument();
    const table = within(view).getByRole("table", { name: "Items on this receipt" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ["Full blood count", "Laboratory", "1", "0", "1"],
      ["Paracetamol 500 mg", "Pharmacy", "3", "1", "2"],
    ]);
    expect(within(view).getByText("Pharmacy, by Tolu Ade on 25 Nov 2026, 14:03 WAT")).toBeInTheDocument();
    expect(api.callsTo(STAFF)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(api.callsTo(PUBLIC)).toHaveLength(0);
  });

  it("shows an HMO enrollee's bill receipt with the HMO's part of its amount", async () => {
    const agent = signInStaff();
    const receipt = staffReceipt({
      kind: "bill",
      reference: "abcdefghijklmnopqrst",
      amount: "14500.00",
      hmo_part: "13450.00",
      hmo_name: "Hygeia HMO",
    });
    mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: receipt } });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    const view = await screen.findByRole("region", { name: `Receipt ${SHOWN}` });
    expect(within(view).getByText("Hygeia HMO's part (claimed from the HMO)").nextElementSibling).toHaveTextContent("₦13,450.00");
    expect(within(view).getByText("₦14,500.00")).toBeInTheDocument();
  });

  it("marks the chosen items as given, then shows the refreshed receipt and says so", async () => {
    const agent = signInStaff();
    const after = staffReceipt({
      items: [
        { id: 11, service_name: "Full blood count", department: "Laboratory", quantity: 1, given: 0, remaining: 1 },
        { id: 12, service_name: "Paracetamol 500 mg", department: "Pharmacy", quantity: 3, given: 3, remaining: 0 },
      ],
    });
    const api = mockApi({
      [PROFILE]: { body: agent },
      [STAFF]: { body: staffReceipt() },
      [REDEEM]: { body: { detail: MESSAGES.receipts.given, receipt: after } },
    });
    const { user } = renderApp(`/verify-receipt?code=${SHOWN}`);
    await user.selectOptions(await screen.findByLabelText("Your department"), "Pharmacy");
    await user.click(screen.getByRole("checkbox", { name: /Paracetamol 500 mg/ }));
    expect(screen.getByLabelText("Quantity of Paracetamol 500 mg to give")).toHaveValue(2);
    await user.click(screen.getByRole("button", { name: "Mark as given" }));

    const done = await screen.findByText(MESSAGES.receipts.given);
    expect(done.closest("[role=status]")).not.toBeNull();
    await waitFor(() => expect(done.closest("[tabindex='-1']")).toHaveFocus());
    expect(api.callsTo(REDEEM)[0]?.body).toEqual({ department: "Pharmacy", items: [{ item_id: 12, quantity: 2 }] });
    const table = screen.getByRole("table", { name: "Items on this receipt" });
    expect(within(within(table).getAllByRole("row")[2] as HTMLElement).getAllByRole("cell")[4]).toHaveTextContent("0");
    // Nothing of Pharmacy is left to give: the form refuses, naming who gave it and when.
    const refused = screen.getByRole("alert");
    expect(refused).toHaveTextContent("Already given: nothing on this receipt is left for Pharmacy.");
    expect(refused).toHaveTextContent(
      `1 × Paracetamol 500 mg, given by Tolu Ade on ${formatWatDateTime("2026-11-25T13:03:00Z")}`,
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("keeps a department whose items were all given choosable, and refuses it naming who gave them and when", async () => {
    signInStaff();
    const served = staffReceipt({
      items: [
        { id: 11, service_name: "Full blood count", department: "Laboratory", quantity: 1, given: 1, remaining: 0 },
        { id: 12, service_name: "Paracetamol 500 mg", department: "Pharmacy", quantity: 3, given: 0, remaining: 3 },
      ],
      given: [
        {
          id: 7,
          item_id: 11,
          service_name: "Full blood count",
          quantity: 1,
          department: "Laboratory",
          given_by: { id: 9, name: "Kemi Lab" },
          given_at: "2026-11-25T14:10:00Z",
        },
      ],
    });
    const api = mockApi({ [PROFILE]: { body: buildUser({ role: "AGENT", wallet_id: null }) }, [STAFF]: { body: served } });
    const { user } = renderApp(`/verify-receipt?code=${SHOWN}`);
    const department = await screen.findByLabelText("Your department");
    expect(
      within(department)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a department", "Laboratory", "Pharmacy"]);
    await user.selectOptions(department, "Laboratory");
    const refused = screen.getByRole("alert");
    expect(refused).toHaveTextContent("Already given: nothing on this receipt is left for Laboratory.");
    expect(refused).toHaveTextContent(`1 × Full blood count, given by Kemi Lab on ${formatWatDateTime("2026-11-25T14:10:00Z")}`);
    await user.selectOptions(department, "Pharmacy");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("checkbox", { name: /Paracetamol 500 mg/ })).toBeInTheDocument();
    expect(api.callsTo(REDEEM)).toHaveLength(0);
  });

  it("offers a member only their own departments: the lab's member is not offered Pharmacy", async () => {
    const agent = signInStaff();
    const api = mockApi({
      [PROFILE]: { body: agent },
      [STAFF]: { body: staffReceipt() },
      [DESK]: { body: desk(["laboratory"]) },
    });
    const { user } = renderApp(`/verify-receipt?code=${SHOWN}`);
    const department = await screen.findByLabelText("Your department");
    await waitFor(() =>
      expect(
        within(department)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Choose a department", "Laboratory"]),
    );
    expect(department).toHaveValue("Laboratory");
    await user.click(screen.getByRole("checkbox", { name: /Full blood count/ }));
    expect(screen.queryByRole("checkbox", { name: /Paracetamol 500 mg/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Mark as given" }));
    await waitFor(() => expect(api.callsTo(REDEEM)).toHaveLength(1));
    expect(api.callsTo(REDEEM)[0]?.body).toEqual({ department: "Laboratory", items: [{ item_id: 11, quantity: 1 }] });
  });

  it("offers no form to a member who gives no items, or to one of none of the receipt's departments", async () => {
    for (const [rights, text] of [
      [desk(["Laboratory"], false), "You do not give items at the desk: ask a super admin for the right."],
      [desk(["Radiology"]), "None of this receipt's departments is yours: ask a super admin to add you to one."],
    ] as const) {
      const agent = signInStaff();
      const api = mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: staffReceipt() }, [DESK]: { body: rights } });
      const { unmount } = renderApp(`/verify-receipt?code=${SHOWN}`);
      const section = await screen.findByRole("region", { name: "Give items" });
      expect(section).toHaveTextContent(text);
      expect(screen.queryByRole("button", { name: "Mark as given" })).toBeNull();
      expect(screen.queryByLabelText("Your department")).toBeNull();
      expect(api.callsTo(REDEEM)).toHaveLength(0);
      unmount();
    }
  });

  it("asks for an item before sending anything", async () => {
    const agent = signInStaff();
    const api = mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: staffReceipt() } });
    const { user } = renderApp(`/verify-receipt?code=${SHOWN}`);
    await user.selectOptions(await screen.findByLabelText("Your department"), "Laboratory");
    await user.click(screen.getByRole("button", { name: "Mark as given" }));
    expect(await screen.findByText("Choose at least one item.")).toBeInTheDocument();
    expect(api.callsTo(REDEEM)).toHaveLength(0);
  });

  it("shows the server's 409, which names who gave the item and when", async () => {
    const agent = signInStaff();
    const detail = "Full blood count: already given by Tolu Ade on 25 Nov 2026, 14:03 WAT.";
    mockApi({
      [PROFILE]: { body: agent },
      [STAFF]: { body: staffReceipt() },
      [REDEEM]: { status: 409, body: { detail, code: "already_given" } },
    });
    const { user } = renderApp(`/verify-receipt?code=${SHOWN}`);
    await user.selectOptions(await screen.findByLabelText("Your department"), "Laboratory");
    await user.click(screen.getByRole("checkbox", { name: /Full blood count/ }));
    await user.click(screen.getByRole("button", { name: "Mark as given" }));
    const alert = await screen.findByText(detail);
    expect(alert.closest("[role=alert]")).not.toBeNull();
    await waitFor(() => expect(alert.closest("[tabindex='-1']")).toHaveFocus());
  });

  it("says that nothing can be given against a refunded receipt", async () => {
    const agent = signInStaff();
    mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: staffReceipt({ status: "refunded", redeemable: false }) } });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    expect(await screen.findByText(MESSAGES.receipts.refunded)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark as given" })).not.toBeInTheDocument();
  });

  it("says where to give the items of a bill's part payment, and offers nothing to give against it", async () => {
    const agent = signInStaff();
    const notice =
      "This is a part payment of bill d5yczj2dq4ssv3ogaytx: give items against the bill's receipt 7XGN-792G-8CFW-R1W4.";
    mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: staffReceipt({ redeemable: false, notice }) } });
    renderApp(`/verify-receipt?code=${SHOWN}`);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark as given" })).not.toBeInTheDocument();
  });

  it("when the camera is refused, says so and leaves the typed code as the way on", async () => {
    const agent = signInStaff();
    mockApi({ [PROFILE]: { body: agent } });
    vi.mocked(startQrScan).mockRejectedValue(new DOMException("Permission denied", "NotAllowedError"));
    const { user } = renderApp("/verify-receipt");
    await user.click(await screen.findByRole("button", { name: "Scan QR code with camera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Camera permission was denied. Type the code from the receipt instead.",
    );
    expect(screen.getByLabelText("Receipt code")).toHaveFocus();
    expect(screen.getByRole("button", { name: "Scan QR code with camera" })).toBeInTheDocument();
  });

  it("when no camera is found, says so", async () => {
    const agent = signInStaff();
    mockApi({ [PROFILE]: { body: agent } });
    vi.mocked(startQrScan).mockRejectedValue(new DOMException("none", "NotFoundError"));
    const { user } = renderApp("/verify-receipt");
    await user.click(await screen.findByRole("button", { name: "Scan QR code with camera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("No camera was found on this device.");
  });

  it("looks up the code read from a receipt's QR code", async () => {
    const agent = signInStaff();
    const stop = vi.fn();
    vi.mocked(startQrScan).mockImplementation((_video, onText) => {
      setTimeout(() => onText(`https://hospital.example/verify-receipt?code=${SHOWN}`), 0);
      return Promise.resolve({ stop });
    });
    mockApi({ [PROFILE]: { body: agent }, [STAFF]: { body: staffReceipt() } });
    const { user } = renderApp("/verify-receipt");
    await user.click(await screen.findByRole("button", { name: "Scan QR code with camera" }));
    expect(await screen.findByRole("region", { name: `Receipt ${SHOWN}` })).toBeInTheDocument();
    expect(screen.getByLabelText("Receipt code")).toHaveValue(SHOWN);
    expect(stop).toHaveBeenCalled();
  });
});
