import { formatNaira, koboToDecimal, type StaffKycHold, type WalletTier } from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import type { UsersRepository } from "../accounts";
import type { LedgerRepository } from "../ledger";
import { walletFundedMail, type MailRepository } from "../mail";
import type { InvoiceRecord, InvoicesRepository, SettlementService } from "../payments";
import type { KycHoldRecord, KycHoldsRepository, KycHoldStatus } from "./kyc-holds.repository";
import type { KycTiers } from "./kyc-tiers";
import type { CreditedWallets, ReservedAccountLookup, TransferCredits } from "./ports";
import { lowestTierAllowing, staffCapMessage, type TierLevel } from "./tiers";
import { KYC_HOLDS_ACCOUNT, type WalletCredits } from "./wallet-credits";

export interface KycHoldsDeps {
  db: Database;
  holds: KycHoldsRepository;
  tiers: KycTiers;
  wallets: CreditedWallets;
  accounts: ReservedAccountLookup;
  reservedAccounts: TransferCredits;
  ledger: LedgerRepository;
  settlement: SettlementService;
  /** The tier cap check every wallet credit goes through. */
  walletCredits: WalletCredits;
  invoices: InvoicesRepository;
  users: UsersRepository;
  mail: MailRepository;
  audit: AuditRepository;
  log: FastifyBaseLogger;
}

export const KYC_HOLD_MESSAGES = {
  notFound: "Held transfer not found.",
  refunded: "This transfer was refunded to its sender; it cannot be released.",
  released: "This transfer was released to the wallet; it cannot be refunded.",
  walletRefund: "This is a refund into the customer's wallet: it can only be released to the wallet, once their tier allows it.",
} as const;

/** Customers whose holds one worker pass looks at. */
const SWEEP_BATCH = 20;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const capNaira = (kobo: number | null) => (kobo === null ? null : koboToDecimal(kobo));

/**
 * Reserved-account transfers held in suspense over a KYC tier cap (issue 22): released to the wallet when
 * the tier allows (a tier change, the worker's sweep, or an admin's button) or refunded to the sender by
 * staff. Each release and refund is one transaction with the hold row locked and its status checked, so
 * concurrent requests do it once.
 */
export class KycHoldsService {
  constructor(private readonly deps: KycHoldsDeps) {}

  /** The customer's tier, every tier's caps and what is held (for the dashboard). */
  async customerView(userId: number): Promise<WalletTier> {
    const { tiers, holds, walletCredits, db } = this.deps;
    const tier = await tiers.tierOf(userId);
    const held = await holds.heldOf(userId);
    const { standing } = await db.transaction((tx) => walletCredits.check(tx, userId, 0));
    const { caps } = standing;
    const balanceRoom =
      caps.balanceKobo === null ? null : Math.max(0, caps.balanceKobo - standing.balanceKobo - standing.pendingKobo);
    const room = [caps.singleCreditKobo, balanceRoom].filter((kobo): kobo is number => kobo !== null);
    const capsOf = (level: TierLevel) => ({
      tier_level: level,
      max_single_credit: capNaira(tiers.table[level].singleCreditKobo),
      max_balance: capNaira(tiers.table[level].balanceKobo),
    });
    return {
      tier: capsOf(tier),
      tiers: ([1, 2, 3] as const).map(capsOf),
      held_total: koboToDecimal(held.reduce((sum, h) => sum + h.amountKobo, 0)),
      holds: held.map((h) => ({
        id: h.id,
        amount: koboToDecimal(h.amountKobo),
        sender_name: h.senderName,
        cap: h.cap,
        status: h.status,
        created_at: iso(h.createdAt)!,
      })),
      ...(room.length > 0 ? { credit_room: koboToDecimal(Math.min(...room)) } : {}),
    };
  }

  async list(status: KycHoldStatus | undefined): Promise<{ results: StaffKycHold[] }> {
    const rows = await this.deps.holds.list(status, 200);
    return {
      results: rows.map((h) => ({
        ...this.staffView(h),
        current_tier: h.currentTier,
        customer: { id: h.userId, email: h.email, first_name: h.firstName, last_name: h.lastName },
      })),
    };
  }

  private staffView(h: KycHoldRecord) {
    return {
      id: h.id,
      amount: koboToDecimal(h.amountKobo),
      sender_name: h.senderName,
      cap: h.cap,
      status: h.status,
      created_at: iso(h.createdAt)!,
      transaction_reference: h.transactionReference,
      cap_amount: koboToDecimal(h.capKobo),
      tier_level: h.tierLevel,
      decided_at: iso(h.decidedAt),
      decided_by: h.decidedByEmail ? { email: h.decidedByEmail } : null,
      refund_reason: h.refundReason,
      invoice_reference: h.invoiceReference,
    };
  }

  private async staffHold(id: number): Promise<StaffKycHold> {
    const [found] = await this.deps.holds.list(undefined, 1, id);
    if (!found) throw errors.notFound(KYC_HOLD_MESSAGES.notFound);
    return {
      ...this.staffView(found),
      current_tier: found.currentTier,
      customer: { id: found.userId, email: found.email, first_name: found.firstName, last_name: found.lastName },
    };
  }

  /**
   * Inside the caller's transaction: releases the hold if it is still held and the tier now allows it
   * (locks the hold, then the wallet). Returns the top-up invoice to announce after commit, or why not.
   */
  async releaseLocked(
    tx: Queryable,
    id: number,
    by: AuthUser | null,
  ): Promise<{ released: InvoiceRecord } | { status: KycHoldStatus } | { refused: string }> {
    const { holds, accounts, reservedAccounts, walletCredits, tiers } = this.deps;
    const hold = await holds.find(id, tx, true);
    if (!hold) throw errors.notFound(KYC_HOLD_MESSAGES.notFound);
    if (hold.status !== "held") return { status: hold.status };
    const { standing, check } = await walletCredits.check(tx, hold.userId, hold.amountKobo);
    if (!check.allowed) {
      const room = standing.balanceKobo + standing.pendingKobo;
      const needed = lowestTierAllowing(tiers.table, standing.tier, room, hold.amountKobo);
      return { refused: staffCapMessage(standing.tier, check, hold.amountKobo, needed) };
    }
    // A hold kept with its invoice (since migration 0022) credits that invoice's wallet movement.
    if (hold.invoiceId !== null) {
      const invoice = await this.releaseInvoiceCredit(tx, hold, by);
      if (by) await this.auditRelease(tx, by, hold, invoice);
      return { released: invoice };
    }
    const account = await accounts.findByUser(hold.userId, tx);
    const { invoice } = await reservedAccounts.bookWalletCredit(
      tx,
      {
        userId: hold.userId,
        amountKobo: hold.amountKobo,
        transactionReference: hold.transactionReference,
        senderName: hold.senderName,
      },
      hold.creditId!,
      account?.accountNumber ?? "",
      [{ accountCode: KYC_HOLDS_ACCOUNT, amountKobo: hold.amountKobo }],
    );
    await holds.markReleased(tx, id, invoice.id, by?.id ?? null);
    if (by) await this.auditRelease(tx, by, hold, invoice);
    return { released: invoice };
  }

  private async auditRelease(tx: Queryable, by: AuthUser, hold: KycHoldRecord, invoice: InvoiceRecord): Promise<void> {
    await this.deps.audit.record(tx, {
      actor: by,
      action: "kyc_hold.released",
      targetType: "kyc_hold",
      targetId: hold.id,
      summary: `Released ${formatNaira(hold.amountKobo)} held for user ${hold.userId} to their wallet`,
      details: { invoice: invoice.reference, transaction_reference: hold.transactionReference },
    });
  }

  /**
   * A held top-up or refund goes to the wallet its invoice was for (the caller checked the cap with the
   * wallet locked): suspense → the wallet ('kyc_hold_release', once per invoice), the movement completed,
   * the customer's e-mail with the new balance.
   */
  private async releaseInvoiceCredit(tx: Queryable, hold: KycHoldRecord, by: AuthUser | null): Promise<InvoiceRecord> {
    const { holds, wallets, ledger, invoices, users, mail } = this.deps;
    const invoice = (await invoices.findById(hold.invoiceId!, tx))!;
    const wallet = await wallets.ensure(hold.userId, tx);
    const balance = await wallets.credit(tx, wallet.id, hold.amountKobo);
    const entry = await ledger.post(tx, {
      kind: "kyc_hold_release",
      invoiceId: invoice.id,
      description: `Held ${hold.source.replace("_", " ")} ${invoice.reference} released to the wallet (hold ${hold.id})`,
      postings: [
        { accountCode: KYC_HOLDS_ACCOUNT, amountKobo: hold.amountKobo },
        { accountCode: wallet.accountCode, amountKobo: -hold.amountKobo },
      ],
    });
    if (entry === null) throw new Error(`invoice ${invoice.reference} already has a hold release entry`);
    await wallets.setMovementStatus(tx, invoice.id, "credit", "completed");
    const person = await users.findById(hold.userId, tx);
    if (person)
      await mail.enqueue(
        walletFundedMail(person.email, person.firstName, invoice.reference, hold.amountKobo, balance, person.locale),
        tx,
      );
    await holds.markReleased(tx, hold.id, invoice.id, by?.id ?? null);
    return invoice;
  }

  /**
   * Inside the caller's transaction (a KYC decision or tier change): releases every hold of the customer
   * the tier now allows, oldest first. Returns the invoices to announce after commit.
   */
  async releaseFittingLocked(tx: Queryable, userId: number): Promise<InvoiceRecord[]> {
    const released: InvoiceRecord[] = [];
    for (const hold of await this.deps.holds.heldOf(userId, tx)) {
      const outcome = await this.releaseLocked(tx, hold.id, null);
      if ("released" in outcome) released.push(outcome.released);
    }
    return released;
  }

  /** After commit: log and wake the mail worker for each released hold's receipt. */
  announce(invoices: InvoiceRecord[]): void {
    for (const invoice of invoices)
      this.deps.log.info({ reference: invoice.reference, amountKobo: invoice.totalKobo }, "held credit released to the wallet");
    if (invoices.length > 0) this.deps.settlement.wakeOutboxes();
  }

  /** An admin's release: 409 when the tier does not allow it yet or it was refunded; a second release answers the released hold. */
  async release(staff: AuthUser, id: number): Promise<StaffKycHold> {
    const outcome = await this.deps.db.transaction((tx) => this.releaseLocked(tx, id, staff));
    if ("refused" in outcome) throw errors.conflict(outcome.refused, "kyc_hold_over_cap");
    if ("status" in outcome && outcome.status === "refunded")
      throw errors.conflict(KYC_HOLD_MESSAGES.refunded, "kyc_hold_refunded");
    if ("released" in outcome) this.announce([outcome.released]);
    return this.staffHold(id);
  }

  /** Staff refund a held transfer to its sender (suspense:kyc_holds → clearing:monnify), audited. */
  async refund(staff: AuthUser, id: number, reason: string): Promise<StaffKycHold> {
    const { db, holds, ledger, audit } = this.deps;
    await db.transaction(async (tx) => {
      const hold = await holds.find(id, tx, true);
      if (!hold) throw errors.notFound(KYC_HOLD_MESSAGES.notFound);
      if (hold.status === "released") throw errors.conflict(KYC_HOLD_MESSAGES.released, "kyc_hold_released");
      if (hold.status === "refunded") return;
      if (hold.source === "refund") throw errors.conflict(KYC_HOLD_MESSAGES.walletRefund, "kyc_hold_wallet_refund");
      // A transfer goes back through Monnify; a top-up paid late through the gateway it was paid by.
      const topUp = hold.invoiceId !== null ? (await this.deps.invoices.findById(hold.invoiceId, tx))! : null;
      const channel = topUp ? (topUp.gateway ?? topUp.paymentMethod) : "monnify";
      await ledger.post(tx, {
        kind: "kyc_hold_refund",
        invoiceId: null,
        description: `Held ${hold.source === "top_up" ? "top-up" : "transfer"} ${hold.transactionReference} refunded to ${hold.senderName ?? "its sender"} (hold ${id})`,
        postings: [
          { accountCode: KYC_HOLDS_ACCOUNT, amountKobo: hold.amountKobo },
          { accountCode: `clearing:${channel}`, amountKobo: -hold.amountKobo },
        ],
      });
      if (topUp) {
        await this.deps.invoices.markRefunded(tx, topUp.id, `refunded: ${reason}`.slice(0, 500));
        await this.deps.wallets.setMovementStatus(tx, topUp.id, "credit", "failed");
      }
      await holds.markRefunded(tx, id, staff.id, reason);
      await audit.record(tx, {
        actor: staff,
        action: "kyc_hold.refunded",
        targetType: "kyc_hold",
        targetId: id,
        summary: `Refunded ${formatNaira(hold.amountKobo)} held for user ${hold.userId} to ${hold.senderName ?? "its sender"}`,
        details: { reason, transaction_reference: hold.transactionReference },
      });
    });
    return this.staffHold(id);
  }

  /** The worker's pass: releases what the tiers now allow (after a customer spent, or a missed tier change). */
  async sweep(): Promise<number> {
    let released = 0;
    for (const userId of await this.deps.holds.usersWithHolds(SWEEP_BATCH)) {
      const invoices = await this.deps.db.transaction((tx) => this.releaseFittingLocked(tx, userId));
      this.announce(invoices);
      released += invoices.length;
    }
    return released;
  }
}
