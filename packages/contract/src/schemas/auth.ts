import { z } from "zod";
import { LIMITS, VERIFICATION_CODE_LENGTH } from "../constants";
import { accountTypeSchema, roleSchema } from "./enums";
import {
  emailSchema,
  newPasswordSchema,
  optionalPersonName,
  optionalText,
  passwordInputSchema,
  personName,
  phoneSchema,
  requiredText,
} from "./fields";
import { walletTransactionSchema } from "./wallet";

/** POST /auth/register/ */
export const registerInputSchema = z.object({
  first_name: personName(LIMITS.name),
  last_name: personName(LIMITS.name),
  email: emailSchema,
  phone_number: phoneSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** POST /auth/login/ */
export const loginInputSchema = z.object({
  username_or_email: requiredText(LIMITS.email),
  password: passwordInputSchema,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** POST /verify-email/ */
export const verifyEmailInputSchema = z.object({
  email: emailSchema,
  code: requiredText(VERIFICATION_CODE_LENGTH * 2).regex(
    new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`),
    `Enter the ${VERIFICATION_CODE_LENGTH}-digit code.`,
  ),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

/** POST /auth/forgot-password/ (and SPEC's resend payload) */
const emailOnlyInputSchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlyInputSchema>;
export const forgotPasswordInputSchema = emailOnlyInputSchema;

/** How a verification code is sent: by e-mail (SPEC's default) or by SMS to the account's phone (issue 24). */
export const VERIFICATION_CHANNELS = ["email", "sms"] as const;
export type VerificationChannel = (typeof VERIFICATION_CHANNELS)[number];

/**
 * POST /resend-verification-code/: SPEC's `{email}`, and an optional `channel` ("email" when absent, empty
 * or null), with DRF's wording for an unknown choice.
 */
export const resendCodeInputSchema = z.object({
  email: emailSchema,
  channel: optionalText(10)
    .pipe(z.enum(["", ...VERIFICATION_CHANNELS], { error: (issue) => `"${String(issue.input)}" is not a valid choice.` }))
    .transform((value): VerificationChannel => (value === "" ? "email" : value)),
});
export type ResendCodeInput = z.input<typeof resendCodeInputSchema>;

/** POST /auth/reset-password/ (beyond SPEC: completes the e-mailed reset link). */
export const resetPasswordInputSchema = z.object({
  token: requiredText(LIMITS.token),
  new_password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** POST /auth/profile/update/ */
export const profileUpdateInputSchema = z.object({
  first_name: personName(LIMITS.name),
  last_name: personName(LIMITS.name),
  phone_number: phoneSchema,
  hospital_number: optionalText(LIMITS.hospitalNumber),
  next_of_kin_name: optionalPersonName(LIMITS.name),
  next_of_kin_phone: optionalText(LIMITS.phone),
  next_of_kin_address: optionalText(LIMITS.address),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;

/** POST /auth/profile/change-password/ */
export const changePasswordInputSchema = z.object({
  old_password: passwordInputSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The profile's embedded KYC summary (SPEC §3 User.kyc). */
const profileKycSchema = z.object({
  hospital_number: z.string(),
  next_of_kin_name: z.string(),
  next_of_kin_phone: z.string(),
  next_of_kin_address: z.string(),
  account_type: accountTypeSchema,
});

/** The signed-in user's profile (SPEC §3 User). */
export const userProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: roleSchema,
  /** Decimal naira string, e.g. "1500.00". */
  wallet_balance: z.string(),
  /** The customer's wallet (null for staff, who have none). */
  wallet_id: z.number().int().nullable(),
  last_transactions: z.array(walletTransactionSchema),
  kyc: profileKycSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Answer of POST /auth/login/ */
export const loginResponseSchema = z.object({ access: z.string(), user: userProfileSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Answer of POST /auth/profile/change-password/: a fresh token for this session; older ones are revoked. */
export const changePasswordResponseSchema = z.object({ detail: z.string(), access: z.string() });

/** A plain `{message}` answer. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
/** A plain `{detail}` answer. */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

/** The error body every failing call answers: DRF style, `detail` plus field lists. */
export const errorResponseSchema = z
  .object({
    detail: z.string(),
    /** A stable machine code ("email_not_verified"), or the messages of an input field itself named `code` (verify-email). */
    code: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .catchall(z.union([z.array(z.string()), z.string()]));
