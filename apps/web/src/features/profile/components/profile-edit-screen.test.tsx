import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const PROFILE = "GET /auth/profile/";
const UPDATE = "POST /auth/profile/update/";
const PASSWORD = "POST /auth/profile/change-password/";
const KYC_ME = "GET /auth/kyc/me/";
const KYC_SUBMIT = "POST /auth/kyc/submit/";
const KYC_UPDATE = "PUT /auth/kyc/update/";
const KYC_UPGRADE = "POST /auth/kyc/upgrade/";

type Routes = Parameters<typeof mockApi>[0];

function kycRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    account_type: "INDIVIDUAL",
    dob: "1990-04-12",
    address: "12 Marina Road, Lagos",
    next_of_kin_name: "Chidi Obi",
    next_of_kin_phone: "08098765432",
    next_of_kin_address: "4 Broad Street, Lagos",
    id_number: "12345678901",
    id_type: "NIN",
    status: "PENDING",
    tier_level: null,
    rejection_reason: null,
    documents: [],
    ...overrides,
  };
}

const NO_KYC: MockReply = { status: 404, body: { detail: "No KYC record found." } };

function openSettings(routes: Routes = {}, user = buildUser()) {
  signIn(user);
  const api = mockApi({ [PROFILE]: { body: user }, [KYC_ME]: NO_KYC, ...routes });
  const app = renderApp("/profile/edit");
  return { api, app };
}

async function openKycTab(routes: Routes = {}) {
  const opened = openSettings(routes);
  await opened.app.user.click(await screen.findByRole("tab", { name: "KYC" }));
  return opened;
}

function pdf(name: string) {
  return new File(["%PDF-1.4"], name, { type: "application/pdf" });
}

describe("/profile/edit", () => {
  it("is headed 'Account Settings' with the banner and three accessible tabs", async () => {
    openSettings();
    expect(await screen.findByRole("heading", { level: 1, name: "Account Settings" })).toBeInTheDocument();
    expect(screen.getByText(/manage your profile, preferences and privacy/i)).toBeInTheDocument();
    const tablist = screen.getByRole("tablist");
    expect(
      within(tablist)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Account", "Change Password", "KYC"]);
    expect(screen.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
  });
});

describe("Account tab", () => {
  const user = buildUser({
    kyc: {
      hospital_number: "LUTH-001",
      next_of_kin_name: "Chidi Obi",
      next_of_kin_phone: "08098765432",
      next_of_kin_address: "4 Broad Street",
      account_type: "INDIVIDUAL",
    },
  });

  it("prefills the profile, keeps the e-mail read-only and saves the seven fields", async () => {
    const { api, app } = openSettings({ [UPDATE]: { body: { ...user, first_name: "Adaeze" } } }, user);
    const first = await screen.findByLabelText("First name");
    expect(first).toHaveValue("Ada");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Hospital number")).toHaveValue("LUTH-001");
    await app.user.clear(first);
    await app.user.type(first, "Adaeze");
    await app.user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({
      first_name: "Adaeze",
      last_name: "Obi",
      phone_number: "08012345678",
      hospital_number: "LUTH-001",
      next_of_kin_name: "Chidi Obi",
      next_of_kin_phone: "08098765432",
      next_of_kin_address: "4 Broad Street",
    });
    expect(await screen.findByText("Profile updated successfully!")).toBeInTheDocument();
  });

  it("disables Save while the form is invalid", async () => {
    const { app } = openSettings({}, user);
    const first = await screen.findByLabelText("First name");
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    await app.user.clear(first);
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("toasts 'Something went wrong!' when the save fails", async () => {
    const { app } = openSettings({ [UPDATE]: { status: 500, body: { detail: "boom" } } }, user);
    await app.user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Something went wrong!")).toBeInTheDocument();
  });
});

describe("Change Password tab", () => {
  async function openPasswordTab(routes: Routes = {}) {
    const opened = openSettings(routes);
    await opened.app.user.click(await screen.findByRole("tab", { name: "Change Password" }));
    return opened;
  }

  async function fill(app: ReturnType<typeof renderApp>, current: string, next: string, confirm: string) {
    await app.user.type(screen.getByLabelText("Current password"), current);
    await app.user.type(screen.getByLabelText("New password"), next);
    await app.user.type(screen.getByLabelText("Confirm new password"), confirm);
    await app.user.click(screen.getByRole("button", { name: "Update password" }));
  }

  it("hints at the 8-character minimum", async () => {
    await openPasswordTab();
    expect(await screen.findByLabelText("New password")).toHaveAccessibleDescription(/at least 8 characters/i);
  });

  it("says 'New passwords do not match!' without calling the server", async () => {
    const { api, app } = await openPasswordTab();
    await fill(app, "old-secret-1", "new-secret-1", "new-secret-2");
    expect(await screen.findByRole("alert")).toHaveTextContent("New passwords do not match!");
    expect(api.callsTo(PASSWORD)).toHaveLength(0);
  });

  it("says 'New password must be at least 8 characters long!'", async () => {
    const { api, app } = await openPasswordTab();
    await fill(app, "old-secret-1", "short", "short");
    expect(await screen.findByRole("alert")).toHaveTextContent("New password must be at least 8 characters long!");
    expect(api.callsTo(PASSWORD)).toHaveLength(0);
  });

  it("shows the SPEC failure text when the current password is wrong", async () => {
    const { app } = await openPasswordTab({
      [PASSWORD]: { status: 400, body: { detail: "Wrong password.", old_password: ["Current password is incorrect."] } },
    });
    await fill(app, "wrong-one", "new-secret-1", "new-secret-1");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update password. Please check your current password.");
  });

  it("stores the new token and toasts on success", async () => {
    const { api, app } = await openPasswordTab({
      [PASSWORD]: { body: { detail: "Password updated successfully.", access: "fresh-token" } },
    });
    await fill(app, "old-secret-1", "new-secret-1", "new-secret-1");
    expect(await screen.findByText("Password updated successfully.")).toBeInTheDocument();
    expect(api.callsTo(PASSWORD)[0]?.body).toEqual({ old_password: "old-secret-1", new_password: "new-secret-1" });
    expect(localStorage.getItem("token")).toBe("fresh-token");
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });
});

describe("KYC tab", () => {
  it("starts in create mode on a 404 with the SPEC defaults", async () => {
    await openKycTab();
    expect(await screen.findByRole("button", { name: "Submit KYC" })).toBeEnabled();
    expect(screen.queryByText("Failed to load KYC details.")).not.toBeInTheDocument();
    // A submission is always Personal: the form offers nothing else, and says how an account becomes Corporate.
    const accountType = screen.getByLabelText("Account type");
    expect(accountType).toHaveValue("INDIVIDUAL");
    expect(accountType).toBeDisabled();
    expect(
      within(accountType)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Personal"]);
    expect(accountType).toHaveAccessibleDescription("A corporate account needs the upgrade below, with its three documents.");
    expect(screen.getByLabelText("ID type")).toHaveValue("NIN");
    expect(
      within(screen.getByLabelText("ID type"))
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["NIN", "PASSPORT", "DRIVERS_LICENSE", "VOTERS_CARD"]);
    expect(screen.getByLabelText("Date of Birth")).toBeInTheDocument();
    expect(screen.getByLabelText("Address")).toBeInTheDocument();
  });

  it("relabels date and address for a corporate account", async () => {
    await openKycTab({ [KYC_ME]: { body: kycRecord({ status: "verified", account_type: "CORPORATE", tier_level: 3 }) } });
    const accountType = await screen.findByLabelText("Account type");
    expect(accountType).toHaveValue("CORPORATE");
    expect(
      within(accountType)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Corporate"]);
    expect(screen.getByLabelText("Date of Establishment")).toBeInTheDocument();
    expect(screen.getByLabelText("Office Address")).toBeInTheDocument();
  });

  it("says 'Failed to load KYC details.' when the record cannot load", async () => {
    await openKycTab({ [KYC_ME]: { status: 500, body: { detail: "boom" } } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load KYC details.");
  });

  it("requires every field: 'Please fill all KYC fields!'", async () => {
    const { api, app } = await openKycTab();
    await app.user.type(await screen.findByLabelText("Address"), "12 Marina Road");
    await app.user.click(screen.getByRole("button", { name: "Submit KYC" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please fill all KYC fields!");
    expect(api.callsTo(KYC_SUBMIT)).toHaveLength(0);
  });

  it("submits a new record as JSON, shows 'Submitting...' while busy, then 'Update KYC'", async () => {
    let release: (reply: MockReply) => void = () => undefined;
    const { api, app } = await openKycTab({
      [KYC_SUBMIT]: () => new Promise<MockReply>((resolve) => (release = resolve)),
    });
    await app.user.type(await screen.findByLabelText("Date of Birth"), "1990-04-12");
    await app.user.type(screen.getByLabelText("Address"), "12 Marina Road, Lagos");
    await app.user.type(screen.getByLabelText("Next of kin name"), "Chidi Obi");
    await app.user.type(screen.getByLabelText("Next of kin phone"), "08098765432");
    await app.user.type(screen.getByLabelText("Next of kin address"), "4 Broad Street, Lagos");
    await app.user.type(screen.getByLabelText("ID number"), "12345678901");
    await app.user.click(screen.getByRole("button", { name: "Submit KYC" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toBeDisabled();
    expect(api.callsTo(KYC_SUBMIT)[0]?.body).toEqual({
      account_type: "INDIVIDUAL",
      dob: "1990-04-12",
      address: "12 Marina Road, Lagos",
      next_of_kin_name: "Chidi Obi",
      next_of_kin_phone: "08098765432",
      next_of_kin_address: "4 Broad Street, Lagos",
      id_number: "12345678901",
      id_type: "NIN",
    });
    release({ status: 201, body: kycRecord() });
    expect(await screen.findByRole("button", { name: "Update KYC" })).toBeEnabled();
    expect(screen.getByText("PENDING")).toBeInTheDocument();
    expect(screen.getByText("N/A")).toBeInTheDocument();
  });

  it("updates an existing record as multipart and shows the tier", async () => {
    const { api, app } = await openKycTab({
      [KYC_ME]: { body: kycRecord({ status: "REJECTED", rejection_reason: "The NIN does not match." }) },
      [KYC_UPDATE]: { body: kycRecord({ id_number: "10987654321" }) },
    });
    expect(await screen.findByText("The NIN does not match.")).toBeInTheDocument();
    expect(screen.getByText("REJECTED")).toHaveClass("text-red-800");
    const idNumber = screen.getByLabelText("ID number");
    expect(idNumber).toHaveValue("12345678901");
    await app.user.clear(idNumber);
    await app.user.type(idNumber, "10987654321");
    await app.user.click(screen.getByRole("button", { name: "Update KYC" }));
    await waitFor(() => expect(api.callsTo(KYC_UPDATE)).toHaveLength(1));
    const form = api.callsTo(KYC_UPDATE)[0]?.formData;
    expect(form?.get("id_number")).toBe("10987654321");
    expect(form?.get("account_type")).toBe("INDIVIDUAL");
    expect(api.callsTo(KYC_UPDATE)[0]?.headers.get("Content-Type")).toBeNull();
    expect(await screen.findByText("PENDING")).toHaveClass("text-amber-900");
  });

  it("refuses an ID number not in its type's Nigerian format before sending, beside the field", async () => {
    const { api, app } = await openKycTab({
      [KYC_ME]: { body: kycRecord({ status: "REJECTED", rejection_reason: "Wrong ID." }) },
      [KYC_UPDATE]: { body: kycRecord({ id_type: "PASSPORT", id_number: "A12345678" }) },
    });
    const idNumber = await screen.findByLabelText("ID number");
    await app.user.clear(idNumber);
    await app.user.type(idNumber, "12");
    await app.user.click(screen.getByRole("button", { name: "Update KYC" }));
    expect(await screen.findByText("Enter your 11-digit NIN (numbers only).")).toBeInTheDocument();
    expect(idNumber).toHaveAttribute("aria-invalid", "true");
    // The NIN's digits are no passport number either.
    await app.user.clear(idNumber);
    await app.user.type(idNumber, "12345678901");
    await app.user.selectOptions(screen.getByLabelText("ID type"), "PASSPORT");
    await app.user.click(screen.getByRole("button", { name: "Update KYC" }));
    expect(
      await screen.findByText("Enter a Nigerian passport number: one letter and 8 digits, like A12345678."),
    ).toBeInTheDocument();
    expect(api.callsTo(KYC_UPDATE)).toHaveLength(0);
    await app.user.clear(idNumber);
    await app.user.type(idNumber, "a12345678");
    await app.user.click(screen.getByRole("button", { name: "Update KYC" }));
    await waitFor(() => expect(api.callsTo(KYC_UPDATE)).toHaveLength(1));
    expect(screen.queryByText(/Enter a Nigerian passport number/)).not.toBeInTheDocument();
  });

  it("alerts 'Failed to submit/update KYC. Please try again.' on a failure", async () => {
    const { app } = await openKycTab({
      [KYC_ME]: { body: kycRecord() },
      [KYC_UPDATE]: { status: 500, body: { detail: "boom" } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Update KYC" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to submit/update KYC. Please try again.");
  });

  it("shows the server's verified lock 'KYC is already verified and cannot be updated.'", async () => {
    const { app } = await openKycTab({
      [KYC_ME]: { body: kycRecord() },
      [KYC_UPDATE]: { status: 400, body: { detail: "KYC is already verified and cannot be updated." } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Update KYC" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("KYC is already verified and cannot be updated.");
  });

  it("disables every field and the button when verified, and shows the tier in green", async () => {
    await openKycTab({ [KYC_ME]: { body: kycRecord({ status: "verified", tier_level: 2 }) } });
    const button = await screen.findByRole("button", { name: "Update KYC" });
    expect(button).toBeDisabled();
    for (const label of [
      "Account type",
      "Date of Birth",
      "Address",
      "Next of kin name",
      "Next of kin phone",
      "Next of kin address",
      "ID type",
      "ID number",
    ]) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.getByText("verified")).toHaveClass("text-emerald-800");
    expect(screen.getByText("2")).toBeInTheDocument();
  });
});

describe("Corporate upgrade", () => {
  it("is disabled as 'Upgrade to Corporate' with 'Please verify your KYC first' until verified", async () => {
    await openKycTab({ [KYC_ME]: { body: kycRecord() } });
    const button = await screen.findByRole("button", { name: "Upgrade to Corporate" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("title", "Please verify your KYC first");
    expect(button).toHaveAccessibleDescription("Please verify your KYC first");
  });

  it("is disabled with 'Please verify your KYC first' when there is no record", async () => {
    await openKycTab();
    expect(await screen.findByRole("button", { name: "Upgrade to Corporate" })).toBeDisabled();
    expect(screen.getByText("Please verify your KYC first")).toBeInTheDocument();
  });

  it("is disabled with 'You are already on a Corporate account' for a corporate record", async () => {
    await openKycTab({ [KYC_ME]: { body: kycRecord({ status: "verified", account_type: "CORPORATE", tier_level: 3 }) } });
    const button = await screen.findByRole("button", { name: "Upgrade to Corporate" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("title", "You are already on a Corporate account");
    expect(screen.getByText("You are already on a Corporate account")).toBeInTheDocument();
  });

  it("reads 'Corporate Account' once enabled and requires all three documents", async () => {
    const { api, app } = await openKycTab({ [KYC_ME]: { body: kycRecord({ status: "verified", tier_level: 2 }) } });
    const button = await screen.findByRole("button", { name: "Corporate Account" });
    expect(button).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Upgrade to Corporate" })).not.toBeInTheDocument();
    await app.user.click(button);
    for (const label of ["Utility bill", "CAC certificate", "Board letter"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("accept", ".pdf,.doc,.docx,.png,.jpg,.jpeg");
    }
    await app.user.upload(screen.getByLabelText("Utility bill"), pdf("bill.pdf"));
    await app.user.click(screen.getByRole("button", { name: "Upload documents" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please upload all required documents!");
    expect(api.callsTo(KYC_UPGRADE)).toHaveLength(0);
  });

  it("uploads the three files and shows 'Account successfully upgraded to corporate!'", async () => {
    const { api, app } = await openKycTab({
      [KYC_ME]: { body: kycRecord({ status: "verified", tier_level: 2 }) },
      [KYC_UPGRADE]: {
        body: {
          detail: "Account successfully upgraded to corporate!",
          kyc: kycRecord({ status: "verified", tier_level: 2, account_type: "CORPORATE" }),
        },
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Corporate Account" }));
    await app.user.upload(screen.getByLabelText("Utility bill"), pdf("bill.pdf"));
    await app.user.upload(screen.getByLabelText("CAC certificate"), pdf("cac.pdf"));
    await app.user.upload(screen.getByLabelText("Board letter"), pdf("board.pdf"));
    await app.user.click(screen.getByRole("button", { name: "Upload documents" }));
    expect(await screen.findByText("Account successfully upgraded to corporate!")).toBeInTheDocument();
    const form = api.callsTo(KYC_UPGRADE)[0]?.formData;
    expect((form?.get("utility_bill") as File).name).toBe("bill.pdf");
    expect((form?.get("cac_certificate") as File).name).toBe("cac.pdf");
    expect((form?.get("board_letter") as File).name).toBe("board.pdf");
    expect(await screen.findByRole("button", { name: "Upgrade to Corporate" })).toBeDisabled();
    expect(screen.getByText("You are already on a Corporate account")).toBeInTheDocument();
  });

  it("says 'Failed to upgrade account. Please try again.' on a failure, or the server's file message", async () => {
    let reply: MockReply = { status: 413, body: { detail: "File too large." } };
    const { app } = await openKycTab({
      [KYC_ME]: { body: kycRecord({ status: "verified", tier_level: 2 }) },
      [KYC_UPGRADE]: () => reply,
    });
    await app.user.click(await screen.findByRole("button", { name: "Corporate Account" }));
    await app.user.upload(screen.getByLabelText("Utility bill"), pdf("bill.pdf"));
    await app.user.upload(screen.getByLabelText("CAC certificate"), pdf("cac.pdf"));
    await app.user.upload(screen.getByLabelText("Board letter"), pdf("board.pdf"));
    await app.user.click(screen.getByRole("button", { name: "Upload documents" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to upgrade account. Please try again.");
    reply = {
      status: 400,
      body: { detail: "Invalid file.", board_letter: ["Board letter must be a PDF, DOC, DOCX, PNG or JPG file."] },
    };
    await app.user.click(screen.getByRole("button", { name: "Upload documents" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Board letter must be a PDF, DOC, DOCX, PNG or JPG file."),
    );
  });
});
