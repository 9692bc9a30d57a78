import {
  DEFAULT_LOCALE,
  PASSWORD_RESET_TTL_MINUTES,
  RESEND_WAIT_SECONDS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_MAX_ATTEMPTS,
  type Locale,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type VerificationChannel,
  type VerifyEmailInput,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { keyedHash, randomDigits, randomToken, sameDigest } from "../../lib/crypto";
import { AppError, errors } from "../../lib/errors";
import { type MailRepository, passwordResetMail, verificationCodeMail } from "../mail";
import type { SmsService } from "../sms";
import { insertWithFreeUsername } from "./create-user";
import { hashPassword, verifyPassword } from "./passwords";
import type { TokenService } from "./tokens";
import type { UserRecord, UsersRepository } from "./users.repository";
import type { CodeDestination, VerificationRepository } from "./verification.repository";

export const ACCOUNT_MESSAGES = {
  registered: "Account created. We have sent a verification code to your email.",
  emailTaken: "A user with this email already exists.",
  invalidCredentials: "Invalid email or password.",
  notVerified: "Your email address is not verified yet. Enter the code we sent to your email to activate your account.",
  inactive: "This account has been deactivated. Please contact the hospital's administrator.",
  verified: "Your email has been verified. You can now sign in.",
  phoneVerified: "Your phone number has been verified. You can now sign in.",
  alreadyVerified: "This email is already verified. You can sign in.",
  invalidCode: "Invalid or expired verification code.",
  resendSent: "If this account still needs verification, a new code has been sent to its email.",
  resendSentSms: "If this account still needs verification, a new code has been sent to its phone by SMS.",
  resetSent: "If an account exists for this email, a password reset link has been sent to it.",
  resetDone: "Your password has been reset. You can now sign in with the new password.",
  resetInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  loggedOut: "You have been signed out.",
} as const;

export interface AccountsServiceDeps {
  db: Database;
  users: UsersRepository;
  verification: VerificationRepository;
  mail: MailRepository;
  /** Verification codes asked for by SMS. */
  sms: SmsService;
  tokens: TokenService;
  /** Secret keying the hashes of codes and reset tokens. */
  secret: string;
  /** Base address of the web app, for links in e-mails. */
  publicUrl: string;
  /** Called after a commit that queued mail or SMS. */
  mailQueued: () => void;
}

/** Registration, e-mail verification, sign-in, sign-out and password reset. */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  /** Registers a customer; `locale` is the registering request's language, kept as theirs and used for the code's e-mail. */
  async register(input: RegisterInput, locale: Locale = DEFAULT_LOCALE): Promise<{ email: string }> {
    const { db, verification } = this.deps;
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const user = await insertWithFreeUsername(
        this.deps.users,
        {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phoneNumber: input.phone_number,
          role: "CUSTOMER",
          passwordHash,
          verified: false,
          locale,
        },
        tx,
      );
      if (!user) throw errors.validation({ email: [ACCOUNT_MESSAGES.emailTaken] });
      await verification.claimSendSlot(user.email, "verify", RESEND_WAIT_SECONDS, tx);
      await this.sendNewCode(user, tx);
    });
    this.deps.mailQueued();
    return { email: input.email };
  }

  /**
   * A new code replaces the account's last one, by e-mail or by SMS to the account's phone. Returns whether
   * it was queued: a phone that is not a Nigerian mobile gets no SMS (and the old code stays).
   */
  private async sendNewCode(user: UserRecord, q: Queryable, channel: VerificationChannel = "email"): Promise<boolean> {
    const code = randomDigits(VERIFICATION_CODE_LENGTH);
    let destination: CodeDestination = { channel: "email" };
    if (channel === "sms") {
      const number = await this.deps.sms.verificationCode(q, user, code);
      if (!number) return false;
      destination = { channel: "sms", number };
    } else {
      await this.deps.mail.enqueue(verificationCodeMail(user.email, code, user.locale), q);
    }
    // The code proves only where it went (verifyEmail): the e-mail, or this phone number.
    await this.deps.verification.replaceCode(
      user.id,
      this.codeHash(user.id, code),
      VERIFICATION_CODE_TTL_MINUTES,
      destination,
      q,
    );
    return true;
  }

  private codeHash(userId: number, code: string): string {
    return keyedHash(this.deps.secret, `verify:${userId}:${code}`);
  }

  /**
   * Verifies the account with the last code sent to it, and records what that code proved: a code e-mailed
   * proves the e-mail (email_verified_at), one sent by SMS proves that phone number (phone_verified_at,
   * verified_phone) and never the e-mail. Either one activates the account for sign-in. Answers which was
   * verified.
   */
  async verifyEmail(input: VerifyEmailInput): Promise<"email" | "phone"> {
    const { db, users, verification } = this.deps;
    // A wrong try must be counted even though the request fails, so the outcome is decided inside
    // the transaction and raised after it commits.
    const outcome = await db.transaction(async (tx): Promise<"email" | "phone" | "already" | "invalid"> => {
      const user = await users.findByEmail(input.email, tx, true);
      if (!user) return "invalid";
      if (user.emailVerifiedAt) return "already";
      const row = await verification.findCodeForUpdate(user.id, tx);
      if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= VERIFICATION_MAX_ATTEMPTS) return "invalid";
      if (!sameDigest(row.codeHash, this.codeHash(user.id, input.code))) {
        await verification.countWrongTry(user.id, tx);
        return "invalid";
      }
      await verification.deleteCode(user.id, tx);
      if (row.channel === "sms" && row.sentTo) {
        await users.markPhoneVerified(user.id, row.sentTo, tx);
        return "phone";
      }
      await users.markVerified(user.id, tx);
      return "email";
    });
    if (outcome === "invalid") throw errors.badRequest(ACCOUNT_MESSAGES.invalidCode, "invalid_code");
    if (outcome === "already") throw errors.badRequest(ACCOUNT_MESSAGES.alreadyVerified, "already_verified");
    return outcome;
  }

  /**
   * Sends a new code, by e-mail or by SMS, when the account exists and still needs it; answers the same
   * either way. By e-mail while the e-mail is unverified; by SMS only while the account is not yet active
   * (neither its e-mail nor its phone verified). Each channel has its own wait per address
   * (RESEND_WAIT_SECONDS), kept whether or not the account exists: a payer whose e-mail did not arrive may
   * ask for the SMS at once.
   */
  async resendCode(email: string, channel: VerificationChannel = "email"): Promise<void> {
    const { db, users, verification } = this.deps;
    const queued = await db.transaction(async (tx) => {
      const slot = await verification.claimSendSlot(email, channel === "sms" ? "verify-sms" : "verify", RESEND_WAIT_SECONDS, tx);
      if (slot !== true) throw errors.throttled(slot, `Please wait ${slot} seconds before requesting another code.`);
      const user = await users.findByEmail(email, tx);
      if (!user || user.emailVerifiedAt) return false;
      if (channel === "sms" && user.phoneVerifiedAt) return false;
      return this.sendNewCode(user, tx, channel);
    });
    if (queued) this.deps.mailQueued();
  }

  /** Signs in; `locale` is the signing-in request's language, remembered as the user's. */
  async login(input: LoginInput, locale: Locale = DEFAULT_LOCALE): Promise<{ access: string; user: UserRecord }> {
    const user = await this.deps.users.findByLogin(input.username_or_email);
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid) throw errors.badRequest(ACCOUNT_MESSAGES.invalidCredentials, "invalid_credentials");
    if (!user.isActive) throw new AppError(403, "account_inactive", ACCOUNT_MESSAGES.inactive, {}, {});
    // An account is active once a code it received was entered: e-mailed (the e-mail) or by SMS (the phone).
    if (!user.emailVerifiedAt && !user.phoneVerifiedAt)
      throw new AppError(403, "email_not_verified", ACCOUNT_MESSAGES.notVerified, {}, {});
    const access = await this.deps.tokens.issue({ userId: user.id, role: user.role, version: user.tokenVersion });
    if (user.locale !== locale) await this.deps.users.setLocale(user.id, locale);
    return { access, user: { ...user, locale } };
  }

  async logout(userId: number): Promise<void> {
    await this.deps.users.bumpTokenVersion(userId);
  }

  /** E-mails a reset link when the account exists; answers the same either way. */
  async forgotPassword(email: string): Promise<void> {
    const { db, users, verification, mail } = this.deps;
    const queued = await db.transaction(async (tx) => {
      const slot = await verification.claimSendSlot(email, "reset", RESEND_WAIT_SECONDS, tx);
      // A second request within the wait is answered like the first, without sending again.
      if (slot !== true) return false;
      const user = await users.findByEmail(email, tx);
      if (!user) return false;
      const token = randomToken();
      await verification.insertReset(user.id, keyedHash(this.deps.secret, `reset:${token}`), PASSWORD_RESET_TTL_MINUTES, tx);
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mail.enqueue(passwordResetMail(user.email, link, user.locale), tx);
      return true;
    });
    if (queued) this.deps.mailQueued();
  }

  async resetPassword(input: ResetPasswordInput): Promise<void> {
    const { db, users, verification } = this.deps;
    const passwordHash = await hashPassword(input.new_password);
    const userId = await db.transaction(async (tx) => {
      const reset = await verification.findResetForUpdate(keyedHash(this.deps.secret, `reset:${input.token}`), tx);
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) {
        throw errors.badRequest(ACCOUNT_MESSAGES.resetInvalid, "invalid_reset_token");
      }
      await users.setPassword(reset.userId, passwordHash, tx);
      // The link arrived by e-mail, which proves the address.
      await users.markVerified(reset.userId, tx);
      await verification.consumeResets(reset.userId, tx);
      return reset.userId;
    });
    users.forgetSignedIn(userId);
  }
}
