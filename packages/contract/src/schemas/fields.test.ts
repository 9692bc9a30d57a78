import { describe, expect, it } from "vitest";
import { profileUpdateInputSchema, registerInputSchema } from "./auth";
import { FIELD_MESSAGES, optionalPersonName, personName } from "./fields";
import { kycInputSchema } from "./kyc";
import { guestCustomerMetaSchema, walletCustomerMetaSchema } from "./payments";
import { createStaffSchema } from "./staff-operations";

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

/** Every character the rule is for, by code point: bidi controls, marks, zero-width characters, word joiner, BOM. */
const SPOOFS = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b, 0x200c, 0x200d, 0x2060,
  0xfeff,
].map((code) => String.fromCodePoint(code));

describe("personName", () => {
  const name = personName(100);

  it("refuses a direction-control or invisible character anywhere in the name, with one clear message", () => {
    for (const spoof of SPOOFS) {
      for (const text of [`Ada${spoof}gnp.exe`, `${spoof}Ada`, `Ada${spoof}`, spoof]) {
        const result = name.safeParse(text);
        expect(result.success, JSON.stringify(text)).toBe(false);
        expect(result.error?.issues.map((issue) => issue.message)).toEqual([FIELD_MESSAGES.nameCharacters]);
      }
    }
  });

  it("refuses control characters and line separators too", () => {
    for (const text of ["Ada\nObi", "Ada\u0007", "Ada\u001B[31m", "Ada\u0085", "Ada\u2028Obi", "Ada\u2029", "Ada\u00ADObi"]) {
      expect(name.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it("takes names of every script, with accents, hyphens, apostrophes, spaces and emoji, trimmed", () => {
    for (const text of ["Ọlá-Adébáyọ̀", "O'Brien", "محمد علي", "Nnamdi Chukwuemeka", "Zoë 💉", "张伟"]) {
      expect(name.parse(` ${text} `)).toBe(text);
    }
  });

  it("keeps requiredText's messages for a missing, blank, long or non-string name", () => {
    expect(messagesOf(name.safeParse(undefined))).toEqual({ "": FIELD_MESSAGES.required });
    expect(messagesOf(name.safeParse(12))).toEqual({ "": FIELD_MESSAGES.notString });
    expect(messagesOf(name.safeParse("  "))).toEqual({ "": FIELD_MESSAGES.blank });
    expect(messagesOf(name.safeParse("x".repeat(101)))).toEqual({ "": FIELD_MESSAGES.maxLength(100) });
  });

  it("has an optional form: empty, null and missing become '', a spoofing character is still refused", () => {
    const optional = optionalPersonName(100);
    expect(optional.parse(undefined)).toBe("");
    expect(optional.parse(null)).toBe("");
    expect(optional.parse(" Bisi ")).toBe("Bisi");
    expect(messagesOf(optional.safeParse("Bisi\u202E"))).toEqual({ "": FIELD_MESSAGES.nameCharacters });
  });
});

describe("every name a guest, customer or staff member types", () => {
  const spoof = "Ada\u202Egnp.exe";

  it("is a personName: registration, profile, guest and wallet checkout, KYC next of kin, staff accounts", () => {
    const register = { first_name: spoof, last_name: spoof, email: "a@b.ng", phone_number: "08031234567", password: "12345678" };
    expect(messagesOf(registerInputSchema.safeParse(register))).toEqual({
      first_name: FIELD_MESSAGES.nameCharacters,
      last_name: FIELD_MESSAGES.nameCharacters,
    });
    const profile = { first_name: spoof, last_name: spoof, phone_number: "08031234567", next_of_kin_name: spoof };
    expect(messagesOf(profileUpdateInputSchema.safeParse(profile))).toEqual({
      first_name: FIELD_MESSAGES.nameCharacters,
      last_name: FIELD_MESSAGES.nameCharacters,
      next_of_kin_name: FIELD_MESSAGES.nameCharacters,
    });
    const guest = { name: spoof, email: "a@b.ng", phone: "08031234567", hospital_number: "H-1" };
    expect(messagesOf(guestCustomerMetaSchema.safeParse(guest))).toEqual({ name: FIELD_MESSAGES.nameCharacters });
    const wallet = { ...register, hospital_number: "H-1", transaction_description: "Visit" };
    expect(messagesOf(walletCustomerMetaSchema.safeParse(wallet))).toEqual({
      first_name: FIELD_MESSAGES.nameCharacters,
      last_name: FIELD_MESSAGES.nameCharacters,
    });
    const kyc = {
      dob: "1988-04-12",
      address: "12 Marina",
      next_of_kin_name: spoof,
      next_of_kin_phone: "08021112222",
      next_of_kin_address: "12 Marina",
      id_number: "12345678901",
    };
    expect(messagesOf(kycInputSchema.safeParse(kyc))).toEqual({ next_of_kin_name: FIELD_MESSAGES.nameCharacters });
    const staff = { first_name: spoof, last_name: spoof, email: "a@b.ng", phone_number: "08031234567", role: "AGENT" };
    expect(messagesOf(createStaffSchema.safeParse(staff))).toEqual({
      first_name: FIELD_MESSAGES.nameCharacters,
      last_name: FIELD_MESSAGES.nameCharacters,
    });
  });
});
