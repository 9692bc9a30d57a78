import { describe, expect, it } from "vitest";
import { changePasswordInputSchema, loginInputSchema, registerInputSchema, verifyEmailInputSchema } from "./auth";

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("account payload schemas", () => {
  it("normalises a good registration: trimmed names, lower-case e-mail, bare phone digits", () => {
    const parsed = registerInputSchema.parse({
      first_name: "  Ada ",
      last_name: "Eze",
      email: " Ada.Eze@Example.NG ",
      phone_number: "+234 803-123-4567",
      password: "12345678",
    });
    expect(parsed).toEqual({
      first_name: "Ada",
      last_name: "Eze",
      email: "ada.eze@example.ng",
      phone_number: "+2348031234567",
      password: "12345678",
    });
  });

  it("names every problem of a bad registration in DRF's words", () => {
    const result = registerInputSchema.safeParse({ first_name: " ", email: "nope", phone_number: "12ab", password: "short" });
    expect(messagesOf(result)).toEqual({
      first_name: "This field may not be blank.",
      last_name: "This field is required.",
      email: "Enter a valid email address.",
      phone_number: "Enter a valid phone number.",
      password: "Ensure this field has at least 8 characters.",
    });
  });

  it("bounds every string", () => {
    const long = "x".repeat(10_000);
    const result = registerInputSchema.safeParse({
      first_name: long,
      last_name: long,
      email: `${long}@a.ng`,
      phone_number: long,
      password: long,
    });
    expect(Object.keys(messagesOf(result)).sort()).toEqual(["email", "first_name", "last_name", "password", "phone_number"]);
    expect(loginInputSchema.safeParse({ username_or_email: long, password: "x" }).success).toBe(false);
  });

  it("wants a 6-digit code and an 8-character new password", () => {
    expect(verifyEmailInputSchema.safeParse({ email: "a@b.ng", code: "12345" }).success).toBe(false);
    expect(verifyEmailInputSchema.safeParse({ email: "a@b.ng", code: "12345a" }).success).toBe(false);
    expect(verifyEmailInputSchema.safeParse({ email: "a@b.ng", code: "123456" }).success).toBe(true);
    expect(messagesOf(changePasswordInputSchema.safeParse({ old_password: "x", new_password: "1234567" }))).toEqual({
      new_password: "Ensure this field has at least 8 characters.",
    });
  });
});
