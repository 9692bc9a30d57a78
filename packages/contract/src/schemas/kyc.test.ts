import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "./field-messages";
import { kycInputSchema } from "./kyc";

const base = {
  dob: "1988-04-12",
  address: "12 Marina, Lagos",
  next_of_kin_name: "Chika Obi",
  next_of_kin_phone: "08021112222",
  next_of_kin_address: "12 Marina, Lagos",
};

const idNumberOf = (input: object) => {
  const result = kycInputSchema.safeParse({ ...base, ...input });
  return result.success
    ? { ok: result.data.id_number }
    : { errors: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
};

describe("kycInputSchema: the ID number has its type's Nigerian format", () => {
  it("refuses a NIN that is not 11 digits, with the NIN's own message", () => {
    for (const nin of ["12", "1234567890", "123456789012", "1234567890A", "ABCDEFGHIJK"]) {
      expect(idNumberOf({ id_type: "NIN", id_number: nin }), nin).toEqual({
        errors: [`id_number: ${FIELD_MESSAGES.idNumber.nin}`],
      });
    }
    // NIN is the default id_type.
    expect(idNumberOf({ id_number: "12" })).toEqual({ errors: [`id_number: ${FIELD_MESSAGES.idNumber.nin}`] });
  });

  it("accepts an 11-digit NIN, written with spaces or dashes, and keeps only its digits", () => {
    expect(idNumberOf({ id_type: "NIN", id_number: "12345678901" })).toEqual({ ok: "12345678901" });
    expect(idNumberOf({ id_type: "NIN", id_number: " 1234 5678-901 " })).toEqual({ ok: "12345678901" });
  });

  it("checks a passport, a driver's licence and a voter's card against their formats", () => {
    expect(idNumberOf({ id_type: "PASSPORT", id_number: "a12345678" })).toEqual({ ok: "A12345678" });
    for (const bad of ["12345678901", "AB1234567", "A1234567", "A123456789"])
      expect(idNumberOf({ id_type: "PASSPORT", id_number: bad }), bad).toEqual({
        errors: [`id_number: ${FIELD_MESSAGES.idNumber.passport}`],
      });
    expect(idNumberOf({ id_type: "DRIVERS_LICENSE", id_number: "abc12345ab12" })).toEqual({ ok: "ABC12345AB12" });
    expect(idNumberOf({ id_type: "DRIVERS_LICENSE", id_number: "FKJ-494092AA13" })).toEqual({ ok: "FKJ494092AA13" });
    for (const bad of ["12345678901", "AB123456", "ABC123", "ABC1234567890123"])
      expect(idNumberOf({ id_type: "DRIVERS_LICENSE", id_number: bad }), bad).toEqual({
        errors: [`id_number: ${FIELD_MESSAGES.idNumber.driversLicense}`],
      });
    expect(idNumberOf({ id_type: "VOTERS_CARD", id_number: "90F5 B040 7E29 5679 834" })).toEqual({ ok: "90F5B0407E295679834" });
    for (const bad of ["12", "90F5B0407E2956798345", "90F5B04/7E"])
      expect(idNumberOf({ id_type: "VOTERS_CARD", id_number: bad }), bad).toEqual({
        errors: [`id_number: ${FIELD_MESSAGES.idNumber.votersCard}`],
      });
  });

  it("reports the ID number beside the other fields' errors, not only once they are right", () => {
    expect(idNumberOf({ id_type: "NIN", id_number: "12", address: "" })).toEqual({
      errors: [`address: ${FIELD_MESSAGES.blank}`, `id_number: ${FIELD_MESSAGES.idNumber.nin}`],
    });
  });

  it("keeps the required-field messages for a missing ID number or an unknown ID type", () => {
    expect(idNumberOf({ id_type: "NIN", id_number: " " })).toEqual({ errors: [`id_number: ${FIELD_MESSAGES.blank}`] });
    const unknownType = idNumberOf({ id_type: "BANK_CARD", id_number: "12345678901" });
    expect(unknownType.errors).toHaveLength(1);
    expect(unknownType.errors![0]).toMatch(/^id_type: /);
  });
});

describe("kycInputSchema: a body that is not an object", () => {
  it.each([[[]], ["text"], [42], [null]])("refuses %j with an issue, never a throw", (input) => {
    const result = kycInputSchema.safeParse(input);
    expect(result.success).toBe(false);
  });
});
