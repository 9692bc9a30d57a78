import { AUDIT_ACTIONS, ROLES } from "@hospipay/contract";
import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "../../../i18n";
import { activateLocale } from "../../../i18n/intl";
import { auditActionLabel, invoiceStatusText, roleLabel } from "./staff-format";

afterEach(async () => {
  setLocale("en");
  await activateLocale("en");
});

describe("the staff screens' names", () => {
  it("spell out every audit action in English as the action reads", () => {
    for (const action of AUDIT_ACTIONS) {
      const words = action.replace(/[._]/g, " ");
      expect(auditActionLabel(action)).toBe(words.charAt(0).toUpperCase() + words.slice(1));
    }
    expect(auditActionLabel("shift.handed_over")).toBe("Shift handed over");
  });

  it("keep a status or role the app does not know as it came", () => {
    expect(invoiceStatusText("pending")).toBe("pending");
    expect(invoiceStatusText("disputed")).toBe("disputed");
    expect(roleLabel("SUPERADMIN")).toBe("Super admin");
    expect(roleLabel("AUDITOR")).toBe("AUDITOR");
  });

  it("are translated once another language is chosen", async () => {
    setLocale("ha");
    await activateLocale("ha");
    expect(auditActionLabel("refund.approved")).toBe("An amince da mayar da kuɗi");
    expect(invoiceStatusText("completed")).toBe("an kammala");
    expect(ROLES.map(roleLabel)).toContain("Wakili");
  });
});
