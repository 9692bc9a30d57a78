import {
  DEFAULT_LOCALE,
  type ChangePasswordInput,
  type Locale,
  type ProfileUpdateInput,
  type UserProfile,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import { errors } from "../../lib/errors";
import {
  hashPassword,
  verifyPassword,
  type TokenService,
  toUserProfile,
  type UserRecord,
  type UsersRepository,
} from "../accounts";
import { type MailRepository, passwordChangedMail } from "../mail";
import { walletTransactionView, type RemitaWidget, type WalletsRepository } from "../wallet";

export const PROFILE_MESSAGES = {
  wrongPassword: "Your current password is incorrect.",
  passwordChanged: "Password updated successfully. Other devices have been signed out.",
} as const;

export interface ProfileServiceDeps {
  db: Database;
  users: UsersRepository;
  mail: MailRepository;
  tokens: TokenService;
  wallets: WalletsRepository;
  remitaWidget: RemitaWidget;
  mailQueued: () => void;
}

/** The signed-in user's own profile and password. */
export class ProfileService {
  constructor(private readonly deps: ProfileServiceDeps) {}

  /** The SPEC profile of a user: customers with their wallet's balance and newest movements. */
  async profileOf(user: UserRecord): Promise<UserProfile> {
    if (user.role !== "CUSTOMER") return toUserProfile(user);
    const wallet = await this.deps.wallets.ensure(user.id);
    const { rows } = await this.deps.wallets.movements(wallet.id, 5, 0);
    return toUserProfile(user, {
      id: wallet.id,
      balanceKobo: wallet.balanceKobo,
      lastTransactions: rows.map((row) => walletTransactionView(row, this.deps.remitaWidget)),
    });
  }

  async get(userId: number): Promise<UserProfile> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw errors.tokenInvalid();
    return this.profileOf(user);
  }

  /** Updates the profile; `locale` is the request's language, remembered as the user's. */
  async update(userId: number, input: ProfileUpdateInput, locale: Locale = DEFAULT_LOCALE): Promise<UserProfile> {
    const user = await this.deps.users.updateProfile(userId, {
      firstName: input.first_name,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
      hospitalNumber: input.hospital_number,
      nextOfKinName: input.next_of_kin_name,
      nextOfKinPhone: input.next_of_kin_phone,
      nextOfKinAddress: input.next_of_kin_address,
      locale,
    });
    if (!user) throw errors.tokenInvalid();
    return this.profileOf(user);
  }

  /**
   * Changes the password after checking the current one. Every token issued before is revoked;
   * the caller gets a fresh one so this session stays signed in.
   */
  async changePassword(userId: number, input: ChangePasswordInput): Promise<{ access: string }> {
    const { db, users, mail, tokens } = this.deps;
    const user = await users.findById(userId);
    if (!user) throw errors.tokenInvalid();
    if (!(await verifyPassword(user.passwordHash, input.old_password))) {
      throw errors.validation({ old_password: [PROFILE_MESSAGES.wrongPassword] }, PROFILE_MESSAGES.wrongPassword);
    }
    const passwordHash = await hashPassword(input.new_password);
    const version = await db.transaction(async (tx) => {
      const next = await users.setPassword(userId, passwordHash, tx);
      await mail.enqueue(passwordChangedMail(user.email, user.firstName, user.locale), tx);
      return next;
    });
    users.forgetSignedIn(userId);
    this.deps.mailQueued();
    return { access: await tokens.issue({ userId, role: user.role, version }) };
  }
}
