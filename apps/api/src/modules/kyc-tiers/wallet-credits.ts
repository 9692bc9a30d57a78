import type { Queryable } from "../../db/database";
import type { UsersRepository } from "../accounts";
import { heldCreditMail, type MailRepository } from "../mail";
import type { SmsService } from "../sms";
import type { KycHoldsRepository } from "./kyc-holds.repository";
import type { KycTiers, WalletStanding } from "./kyc-tiers";
import type { CreditedWallets } from "./ports";
import type { CapCheck } from "./tiers";

/** The ledger account of wallet credits held over a KYC tier cap (migration 0015). */
export const KYC_HOLDS_ACCOUNT = "suspense:kyc_holds";

/** Where a credit came from: its invoice (a top-up, a reserved-account transfer's, a refunded payment) (migration 0022). */
export interface HoldSource {
  kind: "reserved_transfer" | "top_up" | "refund";
  invoiceId: number;
  /** The invoice's reference, as the customer's history shows it. */
  reference: string;
  /** A reserved-account transfer's claim and sender. */
  transfer?: { creditId: number; senderName: string | null };
}

/** What became of a credit: in the wallet (its new balance), or held (the hold) with the cap it broke. */
export type WalletCreditOutcome =
  | { to: "wallet"; accountCode: string; balanceKobo: number }
  | { to: "suspense"; accountCode: typeof KYC_HOLDS_ACCOUNT; holdId: number };

export interface WalletCreditsDeps {
  tiers: KycTiers;
  holds: KycHoldsRepository;
  wallets: CreditedWallets;
  users: UsersRepository;
  mail: MailRepository;
  sms: SmsService;
}

/**
 * The one path of every credit to a customer's wallet (a settled top-up, a reserved-account transfer, a refund,
 * a released hold): the tier cap check with the wallet row locked, then the credit, or a hold in
 * suspense:kyc_holds when it would break a cap (the money has arrived and cannot be refused), with the
 * customer told by e-mail and SMS. The caller posts its ledger entry to the account it answers.
 */
export class WalletCredits {
  constructor(private readonly deps: WalletCreditsDeps) {}

  /**
   * The cap check of a credit, with the wallet row locked until the caller's transaction ends. `countedKobo`
   * is how much of this credit the standing already counts as a pending top-up (its own movement).
   */
  async check(
    tx: Queryable,
    userId: number,
    amountKobo: number,
    countedKobo = 0,
  ): Promise<{ walletId: number; standing: WalletStanding; check: CapCheck }> {
    const wallet = await this.deps.wallets.ensure(userId, tx);
    const standing = await this.deps.tiers.standing(tx, wallet.id, userId);
    return { walletId: wallet.id, standing, check: this.deps.tiers.check(standing, amountKobo, countedKobo) };
  }

  /**
   * Credits an invoice's amount to its owner's wallet (a top-up settling, however late; a reserved-account
   * transfer; a refund into the wallet) when the tier allows it, else holds it. A top-up's own pending
   * movement is not counted twice.
   */
  async creditOrHold(
    tx: Queryable,
    credit: { userId: number; amountKobo: number; source: HoldSource },
  ): Promise<WalletCreditOutcome> {
    const counted = await this.deps.wallets.pendingCredit(tx, credit.source.invoiceId);
    const { walletId, standing, check } = await this.check(tx, credit.userId, credit.amountKobo, counted);
    if (check.allowed) {
      const wallet = (await this.deps.wallets.findByUser(credit.userId, tx))!;
      return {
        to: "wallet",
        accountCode: wallet.accountCode,
        balanceKobo: await this.deps.wallets.credit(tx, walletId, credit.amountKobo),
      };
    }
    return { to: "suspense", accountCode: KYC_HOLDS_ACCOUNT, holdId: await this.hold(tx, credit, standing, check) };
  }

  /** Holds a credit over a cap: the hold row and the customer's e-mail and SMS (the caller posts the ledger entry). */
  private async hold(
    tx: Queryable,
    credit: { userId: number; amountKobo: number; source: HoldSource },
    standing: WalletStanding,
    check: Exclude<CapCheck, { allowed: true }>,
  ): Promise<number> {
    const { source } = credit;
    const holdId = await this.deps.holds.insert(tx, {
      source: source.kind,
      creditId: source.transfer?.creditId ?? null,
      invoiceId: source.invoiceId,
      userId: credit.userId,
      amountKobo: credit.amountKobo,
      senderName: source.transfer?.senderName ?? null,
      cap: check.cap,
      capKobo: check.capKobo,
      tierLevel: standing.tier,
    });
    const person = await this.deps.users.findById(credit.userId, tx);
    if (person) {
      const { reference } = source;
      await this.deps.mail.enqueue(
        heldCreditMail(
          person.email,
          person.firstName,
          { reference, amountKobo: credit.amountKobo, tier: standing.tier, cap: check.cap, capKobo: check.capKobo },
          person.locale,
        ),
        tx,
      );
      await this.deps.sms.heldCredit(tx, {
        userId: person.id,
        phone: person.phoneNumber,
        reference,
        amountKobo: credit.amountKobo,
      });
    }
    return holdId;
  }
}
