import type { ReservedAccount, ReservedAccountReason } from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { UsersRepository } from "../accounts";
import type { AccountToReserve, MonnifyTransactionStatus, ReservedAccountDetails, ReservedTransferMention } from "../gateways";
import { reservedTransferMail } from "../mail";
import { newReference, type InvoicesRepository, type SettlementService, type InvoiceRecord } from "../payments";
import type { WalletsRepository } from "../wallet";
import type { TopUpPurpose } from "../wallet";
import type { ReservationStanding, ReservedAccountsRepository } from "./reserved-accounts.repository";
import type { Queryable } from "../../db/database";
import type { Posting } from "../ledger";

/** The parts of the Monnify adapter reserved accounts use. */
export interface ReservedAccountGateway {
  reserveAccount(account: AccountToReserve): Promise<ReservedAccountDetails>;
  transactionStatus(transactionReference: string): Promise<MonnifyTransactionStatus>;
}

/** A NIN Monnify accepts: 11 digits. */
export const NIN_PATTERN = /^\d{11}$/;

/**
 * Why a customer's account number cannot be issued, from their KYC's ID (null when it can): Monnify
 * reserves an account only with an 11-digit NIN (the SQL twin is the repository's NIN_SQL).
 */
export function reservationBlocker(kyc: { idType: string; idNumber: string } | null): ReservedAccountReason | null {
  if (!kyc) return "no_kyc";
  if (kyc.idType !== "NIN") return "not_nin";
  return NIN_PATTERN.test(kyc.idNumber) ? null : "invalid_nin";
}

/** A customer's account number as the API answers it: the details once active, otherwise pending or why not. */
export function reservedAccountView(standing: ReservationStanding | undefined): ReservedAccount {
  if (standing?.accountStatus === "active" && standing.accountNumber) {
    return {
      status: "active",
      reason: null,
      account_number: standing.accountNumber,
      bank_name: standing.bankName,
      account_name: standing.accountName,
    };
  }
  const kyc = standing?.idType && standing.idNumber !== null ? { idType: standing.idType, idNumber: standing.idNumber } : null;
  const reason = reservationBlocker(kyc);
  return { status: reason ? "needs_nin" : "pending", reason, account_number: null, bank_name: null, account_name: null };
}

/** The accountReference of a customer's reserved account: derived from the user id, so every ask names the same account. */
export const accountReferenceFor = (userId: number) => `HOSPIPAY-WALLET-${userId}`;

/** How long an attempt holds a customer's reservation before another process may ask again. */
const ATTEMPT_LEASE_SECONDS = 60;
/** The longest wait between two attempts while the gateway keeps failing. */
const RETRY_MAX_SECONDS = 3_600;
/** Customers one sweep reserves for at most; the rest at the next pass. */
export const SWEEP_BATCH = 20;

/** A verified transfer into a reserved account, before it is booked. */
export interface VerifiedTransfer {
  userId: number;
  amountKobo: number;
  transactionReference: string;
  senderName: string | null;
}

export interface ReservedAccountsDeps {
  db: Database;
  accounts: ReservedAccountsRepository;
  gateway: ReservedAccountGateway;
  users: UsersRepository;
  invoices: InvoicesRepository;
  wallets: WalletsRepository;
  settlement: SettlementService;
  /** The top-up purpose a transfer settles as, with its own source and e-mail. */
  topUps: TopUpPurpose;
  log: FastifyBaseLogger;
  /** Wait after a first failed attempt, doubled after each further one (up to an hour). */
  retryBaseSeconds: number;
}

/** What became of a webhook's transfer. */
export type TransferOutcome = "credited" | "held" | "already_credited" | "ignored";

/**
 * Reserved accounts (issue 22): one permanent Monnify account per customer whose KYC carries a NIN,
 * reserved once (asked again until Monnify answers, by the payments worker's sweep), and every transfer into
 * it credited to the wallet once, after the server asked Monnify about it, through the ledger.
 */
export class ReservedAccountsService {
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Transfers being verified and booked, by transaction reference (receive). */
  private readonly receiving = new Map<string, Promise<TransferOutcome>>();
  /** Until the process serves (start()), reserveSoon leaves the work to the sweep: the sandbox is not reachable yet. */
  private started = false;

  constructor(private readonly deps: ReservedAccountsDeps) {}

  /** Called once the process listens: from now on a KYC submission asks for the account at once. */
  start(): void {
    this.started = true;
  }

  /** The signed-in customer's account as the dashboard shows it. */
  async view(userId: number): Promise<ReservedAccount> {
    const [standing] = await this.deps.accounts.standings([userId]);
    return reservedAccountView(standing);
  }

  /** Where each customer's account number stands, and why none can be issued, by user id (the KYC review). */
  async standingsOf(
    userIds: number[],
  ): Promise<Map<number, { status: ReservedAccount["status"]; reason: ReservedAccountReason | null }>> {
    const rows = await this.deps.accounts.standings([...new Set(userIds)]);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    return new Map(
      userIds.map((userId) => {
        const { status, reason } = reservedAccountView(byUser.get(userId));
        return [userId, { status, reason }];
      }),
    );
  }

  /**
   * Reserves the customer's account if their KYC carries a NIN and they have none yet. Never throws for
   * the gateway: a failure is recorded and tried again by the sweep. Returns where the account stands.
   */
  async reserveFor(userId: number): Promise<ReservedAccount["status"]> {
    const { accounts, gateway, log } = this.deps;
    const candidate = await accounts.candidate(userId);
    if (!candidate?.nin || !NIN_PATTERN.test(candidate.nin)) return "needs_nin";
    const row = await accounts.ensurePending(userId, accountReferenceFor(userId));
    if (row.status === "active") return "active";
    if (!(await accounts.claimAttempt(userId, ATTEMPT_LEASE_SECONDS))) return "pending";
    const name = `${candidate.firstName} ${candidate.lastName}`.trim();
    try {
      const reserved = await gateway.reserveAccount({
        accountReference: row.accountReference,
        accountName: name.slice(0, 60),
        customerName: name,
        customerEmail: candidate.email,
        nin: candidate.nin,
      });
      await accounts.activate(userId, reserved);
      log.info({ userId, accountReference: row.accountReference }, "reserved account ready");
      return "active";
    } catch (error) {
      const retryIn = Math.min(this.deps.retryBaseSeconds * 2 ** Math.min(row.attempts, 20), RETRY_MAX_SECONDS);
      log.warn({ err: error, userId, retryInSeconds: retryIn }, "reserving an account failed; the worker tries again");
      await accounts.recordFailure(userId, error instanceof Error ? error.message : String(error), retryIn);
      return "pending";
    }
  }

  /**
   * Reserves in the background (after a KYC submission); settle() waits for it. Before start() (the demo
   * seed, before the process listens) it does nothing: the worker's sweep finds the customer.
   */
  reserveSoon(userId: number): void {
    if (!this.started) return;
    const attempt = this.reserveFor(userId).catch((error: unknown) =>
      this.deps.log.error({ err: error, userId }, "reserving an account failed"),
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  /** One sweep (the payments worker's): customers with a NIN and no account, due for an attempt. Returns how many were tried. */
  async sweep(limit = SWEEP_BATCH): Promise<number> {
    const due = await this.deps.accounts.dueCandidates(limit);
    for (const userId of due) await this.reserveFor(userId);
    return due.length;
  }

  /** Waits for background reservations. */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /**
   * A transfer a signed webhook speaks of: asks Monnify about it (the status query; throws when Monnify
   * cannot answer, so the webhook is resent), and credits the wallet of the account Monnify names, for the
   * amount Monnify says was paid, once per transaction reference.
   */
  async receive(mention: ReservedTransferMention): Promise<TransferOutcome> {
    // Copies of one notification that arrive together (Monnify resends, a retry storm) share one status
    // query and one booking; the copies answer as duplicates once it is done, or fail with it.
    const key = mention.transactionReference;
    const pending = this.receiving.get(key);
    if (pending) return pending.then((outcome) => (outcome === "ignored" ? outcome : "already_credited"));
    const work = this.verifyAndCredit(mention).finally(() => this.receiving.delete(key));
    this.receiving.set(key, work);
    return work;
  }

  private async verifyAndCredit(mention: ReservedTransferMention): Promise<TransferOutcome> {
    const { accounts, log } = this.deps;
    const status = await this.deps.gateway.transactionStatus(mention.transactionReference);
    const refuse = (why: string): TransferOutcome => {
      log.warn({ transactionReference: mention.transactionReference, why }, "reserved-account transfer not credited");
      return "ignored";
    };
    if (status.paymentStatus !== "PAID" && status.paymentStatus !== "OVERPAID") return refuse(`status ${status.paymentStatus}`);
    if (status.paymentMethod !== "ACCOUNT_TRANSFER") return refuse(`method ${status.paymentMethod ?? "none"}`);
    if (status.product?.type !== "RESERVED_ACCOUNT") return refuse("not a reserved-account transfer");
    if (status.currency !== "NGN") return refuse(`currency ${status.currency}`);
    const amountKobo = status.amountPaidKobo;
    if (amountKobo === undefined || !Number.isSafeInteger(amountKobo) || amountKobo <= 0) return refuse("no amount paid");
    const account = await accounts.findByReference(status.product.reference);
    if (!account) return refuse(`unknown account ${status.product.reference}`);
    const transfer: VerifiedTransfer = {
      userId: account.userId,
      amountKobo,
      transactionReference: status.transactionReference,
      senderName: mention.senderName,
    };
    return this.credit(transfer, account.accountNumber ?? "");
  }

  /**
   * Books a transfer Monnify has confirmed (`receive`; tests give one directly), in one transaction: the claim
   * of the transaction reference (unique: a duplicate waits, then finds it taken), then a completed top-up
   * invoice with its Monnify transaction and the settlement, whose wallet credit goes through the tier cap
   * check (`WalletCredits`): to the wallet with the receipt e-mail, or held in suspense:kyc_holds when it
   * would break a cap (it cannot be refused: the money has arrived).
   */
  async credit(transfer: VerifiedTransfer, accountNumber: string): Promise<TransferOutcome> {
    const { db, accounts, settlement } = this.deps;
    const outcome = await db.transaction(async (tx) => {
      const creditId = await accounts.claimCredit(tx, transfer);
      if (creditId === null) return null;
      return this.bookWalletCredit(tx, transfer, creditId, accountNumber);
    });
    if (outcome === null) return "already_credited";
    if (outcome.held) {
      this.deps.log.info(
        { transactionReference: transfer.transactionReference },
        "reserved-account transfer held over a tier cap",
      );
      settlement.wakeOutboxes();
      return "held";
    }
    settlement.announceSettled(outcome.invoice, transfer.amountKobo, "monnify");
    return "credited";
  }

  /**
   * Books a verified transfer to the wallet inside the caller's transaction: a completed top-up invoice with
   * its Monnify transaction, the wallet movement and the settlement (from clearing:monnify, or from the
   * given `sources`: a released hold comes from suspense:kyc_holds). The caller announces the settlement
   * after commit (`settlement.announceSettled`).
   */
  async bookWalletCredit(
    tx: Queryable,
    transfer: VerifiedTransfer,
    creditId: number,
    accountNumber: string,
    sources?: Posting[],
  ): Promise<{ invoice: InvoiceRecord; held: boolean }> {
    const { accounts, users, invoices, wallets, settlement, topUps } = this.deps;
    const person = await users.findById(transfer.userId, tx);
    if (!person) throw new Error(`user ${transfer.userId} of a reserved account is missing`);
    const customerName = `${person.firstName} ${person.lastName}`.trim();
    const reference = newReference();
    const wallet = await wallets.ensure(transfer.userId, tx);
    const invoiceId = await invoices.insert(
      tx,
      {
        reference,
        userId: transfer.userId,
        purpose: "top_up",
        paymentMethod: "monnify",
        subtotalKobo: transfer.amountKobo,
        chargeFeeKobo: 0,
        customerName,
        customerEmail: person.email,
        customerPhone: person.phoneNumber,
        hospitalNumber: person.hospitalNumber,
        transactionDescription: transfer.senderName ? `Bank transfer from ${transfer.senderName}` : "Bank transfer",
        customerMeta: { first_name: person.firstName, last_name: person.lastName, email: person.email },
        expiresAt: null,
        locale: person.locale,
      },
      [],
    );
    await accounts.recordGatewayPayment(tx, invoiceId, transfer.transactionReference, transfer.amountKobo);
    await accounts.attachInvoice(tx, creditId, invoiceId);
    await wallets.insertMovement(tx, {
      walletId: wallet.id,
      invoiceId,
      type: "credit",
      amountKobo: transfer.amountKobo,
      status: "pending",
    });
    const invoice = (await invoices.findById(invoiceId, tx))!;
    let held = false;
    const purpose = topUps.withTerms({
      source: { kind: "reserved_transfer", transfer: { creditId, senderName: transfer.senderName } },
      creditedMail: (balanceKobo) =>
        reservedTransferMail(
          person.email,
          customerName,
          {
            reference,
            amountKobo: transfer.amountKobo,
            balanceKobo,
            senderName: transfer.senderName,
            accountNumber,
          },
          person.locale,
        ),
      onCredit: (credit) => {
        held = credit.to === "suspense";
      },
    });
    await settlement.settleLocked(tx, invoice, transfer.amountKobo, "monnify", {
      ...(sources ? { sources } : {}),
      via: sources ? "monnify reserved account, released from a KYC hold" : "monnify reserved account",
      purpose,
    });
    return { invoice, held };
  }
}
