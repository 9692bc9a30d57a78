import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import type { GatewayQueries } from "../gateways";
import type { LedgerRepository, Posting } from "../ledger";
import { newReceiptCode } from "../../lib/receipt-code";
import { CANCELLED_REASON, isSettleable, type InvoiceRecord, type InvoicesRepository } from "./invoices.repository";
import type { PaymentChannel, PaymentPurpose, PurposeRegistry, PurposeSettlement, UnfitPayment } from "./purpose";

/**
 * The staff review queue (migration 0006) as the settlement uses it: a payment paid short, or one whose
 * purpose no longer needed it, waits there; one paid short may settle once its balance arrives.
 */
export interface SettlementReviews {
  /** Opens the invoice's review; false when it already has one. */
  open(
    q: Queryable,
    review: { invoiceId: number; amountDueKobo: number; amountReceivedKobo: number; gatewayStatus: string; reason?: string },
  ): Promise<boolean>;
  find(
    q: Queryable,
    invoiceId: number,
  ): Promise<{ amountReceivedKobo: number; resolvedAt: Date | null; refundAsked: boolean; reason: string } | null>;
  resolve(
    q: Queryable,
    invoiceId: number,
    resolution: { kind: "settled"; by: null; balanceKobo: number; balanceReference: null },
  ): Promise<void>;
}

export interface SettlementDeps {
  db: Database;
  invoices: InvoicesRepository;
  ledger: LedgerRepository;
  /** Asks the gateways about payments, sharing one query among asks about the same payment. */
  queries: GatewayQueries;
  reviews: SettlementReviews;
  /** What each payment pays for: its credit postings and what follows its settlement. */
  purposes: PurposeRegistry;
  mailQueued: () => void;
  log: FastifyBaseLogger;
}

/** A payment reconcile() found it must close, and why; closed with others by closeAll(). */
export interface Closure {
  invoice: InvoiceRecord;
  reason: string;
  gatewayStatus: string;
}

/** Seconds until a pending payment is asked about again, by how the last check went. */
const RECHECK_SECONDS = { pending: 30, unreachable: 60, mismatch: 300 } as const;
/**
 * Seconds from a payment's start to the worker's first question about it: as long as after a check that
 * found it still pending, the start of the backed-off schedule (recheckSeconds). The payer is usually seen
 * sooner, by the callback or the webhook; this check finds a payment whose notification was lost.
 */
export const FIRST_CHECK_SECONDS = RECHECK_SECONDS.pending;
/** A settled or closed payment is asked about no more (it leaves the worker's due index). */
const NEVER = null;
/** The longest wait between two checks of a payment the gateway says is still pending. */
const RECHECK_MAX_SECONDS = 120;

/**
 * Seconds until a payment the gateway says is still pending is asked about again, after `checks`
 * checks: `first`, then twice as long after each check, up to 2 minutes, and never past its expiry,
 * when it is closed. A payer who pays is seen at once by the callback or webhook, which ask the gateway
 * then; the re-query is for a notification that was lost (found within 2 minutes), and a rush of
 * abandoned checkouts costs each payment about 30 questions in its hour, not 120. (A gateway that
 * cannot be reached is asked again every minute: a payment made during its outage settles soon after.)
 */
export function recheckSeconds(first: number, checks: number, expiresAt: Date | null, nowMs = Date.now()): number {
  const backedOff = Math.min(first * 2 ** Math.min(checks, 20), RECHECK_MAX_SECONDS);
  if (!expiresAt || expiresAt.getTime() <= nowMs) return backedOff;
  return Math.max(1, Math.min(backedOff, Math.ceil((expiresAt.getTime() - nowMs) / 1000)));
}

/**
 * Turns what a gateway says into money that counts. A payment settles only after the server has
 * asked the gateway itself (a browser callback or an unsigned notification is only a reason to ask),
 * only for the amount stored at creation, and only once: the status change, the ledger entry and the
 * receipt are one transaction behind a row lock, and the ledger refuses a second settlement entry.
 */
export class SettlementService {
  constructor(private readonly deps: SettlementDeps) {}

  /**
   * Asks the gateway about a pending payment and settles or closes it. Returns the invoice as it now is.
   *
   * With `closing`, a payment to close (declined, expired, never started) is added to it instead, for the
   * caller to close with others in one transaction (closeAll), and the invoice is returned as it was read;
   * a payment found paid is still settled at once.
   *
   * An ask may be answered by a query about the same payment still in flight or made within the cool-down
   * (GatewayQueries); with `fresh` (the worker's re-query, a signed webhook) only by one in flight.
   *
   * With `cancelling` (the payer closed the gateway's widget), a payment the gateway says the payer
   * abandoned is closed as cancelled; one it says is paid still settles, and one merely pending stays open.
   */
  async reconcile(
    invoiceId: number,
    closing?: Closure[],
    ask: { fresh?: boolean; cancelling?: boolean } = {},
  ): Promise<InvoiceRecord | null> {
    const { invoices, queries, log } = this.deps;
    const invoice = await invoices.findById(invoiceId);
    if (!invoice || !isSettleable(invoice) || !invoice.gateway) return invoice;
    // Paid short and waiting for staff: the worker no longer asks about it; a callback or notification
    // still may, in case the payer sent the rest through the gateway (settleReviewed).
    if (invoice.inReview) return this.settleReviewed(invoice, ask.fresh === true);
    const close = async (reason: string, gatewayStatus: string): Promise<InvoiceRecord | null> => {
      if (closing) {
        closing.push({ invoice, reason, gatewayStatus });
        return invoice;
      }
      await this.closeAll([{ invoice, reason, gatewayStatus }]);
      return invoices.findById(invoice.id);
    };
    const expired = invoice.status === "pending" && invoice.expiresAt !== null && invoice.expiresAt.getTime() <= Date.now();
    // A payment whose start never finished: the process died, or the database went away, between creating
    // the invoice and recording the gateway's answer. Nobody was ever shown how to pay it (no RRR, account or
    // access code) and it cannot be asked about, so once it expires it is closed like a payment the gateway
    // could not start; until then its start may still be running.
    if (!invoice.gatewayReference) return expired ? close("gateway_unavailable", "not_started") : invoice;
    const answer = await queries.check(
      invoice.gateway,
      { reference: invoice.reference, gatewayReference: invoice.gatewayReference },
      { reuseRecent: !ask.fresh },
    );
    // A pending or unreachable answer is recorded by the ask that queried; recorded again for each ask that
    // reused it, it would push the next check later at every ask. A paid or failed one is acted on below
    // by every ask (settling and closing happen once, behind the row lock), so each answers what it did.
    const cancelled = answer.outcome.ok && answer.outcome.verdict.abandoned === true && ask.cancelling === true;
    if (answer.source !== "asked" && (!answer.outcome.ok || (answer.outcome.verdict.state === "pending" && !cancelled))) {
      // News may have come with this ask (the payer paid since): the worker asks anew when the cool-down ends.
      if (answer.source === "recent" && answer.outcome.ok)
        await invoices.checkNoLaterThan(invoice.id, Math.max(1, Math.ceil((answer.askAgainAt - Date.now()) / 1000)));
      return invoice;
    }
    if (!answer.outcome.ok) {
      const { error } = answer.outcome;
      log.warn({ err: error, reference: invoice.reference, gateway: invoice.gateway }, "gateway status check failed");
      await invoices.recordCheck(invoice.id, {
        gatewayStatus: "unreachable",
        note: error instanceof Error ? error.message : String(error),
        nextCheckInSeconds: RECHECK_SECONDS.unreachable,
      });
      return expired ? close("expired", "expired") : invoices.findById(invoice.id);
    }
    const { verdict } = answer.outcome;

    if (cancelled && verdict.state === "pending" && invoice.status === "pending") {
      return close(CANCELLED_REASON, verdict.gatewayStatus);
    } else if (verdict.state === "failed" && invoice.status === "failed") {
      await invoices.recordCheck(invoice.id, { gatewayStatus: verdict.gatewayStatus, nextCheckInSeconds: NEVER });
    } else if (verdict.state === "failed") {
      return close(`gateway:${verdict.gatewayStatus}`, verdict.gatewayStatus);
    } else if (verdict.state === "paid") {
      const paid = verdict.amountPaidKobo;
      if (verdict.currency && verdict.currency !== "NGN") {
        await this.holdForReview(invoice, verdict.gatewayStatus, paid, `paid in ${verdict.currency}, not NGN`);
      } else if (paid === undefined) {
        await this.holdForReview(invoice, verdict.gatewayStatus, paid, "the gateway did not say how much was paid");
      } else if (paid <= 0) {
        await this.holdForReview(invoice, verdict.gatewayStatus, paid, "the gateway said paid, with nothing paid");
      } else if (paid < invoice.totalKobo) {
        await this.openReview(invoice, verdict.gatewayStatus, paid);
      } else {
        await this.settle(invoice, paid, verdict.gatewayStatus);
      }
    } else {
      const part = verdict.amountPaidKobo;
      // Paid in part (a virtual account the payer sent too little to) and out of time: the part is money
      // received short, for staff to review, not a payment to close as if nothing had arrived.
      if (expired && part !== undefined && part > 0 && part < invoice.totalKobo && (verdict.currency ?? "NGN") === "NGN") {
        await this.openReview(invoice, verdict.gatewayStatus, part);
        return invoices.findById(invoice.id);
      }
      await invoices.recordCheck(invoice.id, {
        gatewayStatus: verdict.gatewayStatus,
        amountPaidKobo: verdict.amountPaidKobo,
        nextCheckInSeconds: recheckSeconds(RECHECK_SECONDS.pending, invoice.checks, invoice.expiresAt),
      });
      return expired ? close("expired", "expired") : invoices.findById(invoice.id);
    }
    return invoices.findById(invoice.id);
  }

  private async holdForReview(invoice: InvoiceRecord, gatewayStatus: string, paid: number | undefined, note: string) {
    this.deps.log.warn({ reference: invoice.reference, note }, "payment not settled: needs review");
    await this.deps.invoices.recordCheck(invoice.id, {
      gatewayStatus,
      amountPaidKobo: paid,
      note,
      nextCheckInSeconds: RECHECK_SECONDS.mismatch,
    });
  }

  /**
   * A payment the gateway verified as paid, for less than is due: the money received is booked from the
   * gateway's clearing account into suspense (not revenue), the payment goes to the staff review queue
   * (migration 0006) and the gateway is asked about it no more; the invoice stays as it was (pending)
   * until staff refund what arrived or settle it once the balance has arrived. One transaction behind the
   * row lock, so a concurrent callback or notification opens it once.
   */
  private async openReview(invoice: InvoiceRecord, gatewayStatus: string, paidKobo: number): Promise<void> {
    const { db, invoices, ledger, reviews, log } = this.deps;
    const note = `underpaid: ${paidKobo} of ${invoice.totalKobo} kobo`;
    const opened = await db.transaction(async (tx) => {
      if (!(await invoices.lockForSettlement(tx, invoice.id))) return false;
      await reviews.open(tx, {
        invoiceId: invoice.id,
        amountDueKobo: invoice.totalKobo,
        amountReceivedKobo: paidKobo,
        gatewayStatus,
      });
      const entry = await ledger.post(tx, {
        kind: "underpayment",
        invoiceId: invoice.id,
        description: `Short payment ${invoice.reference} via ${invoice.gateway!}: ${paidKobo} of ${invoice.totalKobo} kobo, in suspense for staff review`,
        postings: [
          { accountCode: `clearing:${invoice.gateway!}`, amountKobo: paidKobo },
          { accountCode: "suspense:underpayments", amountKobo: -paidKobo },
        ],
      });
      if (entry === null) throw new Error(`invoice ${invoice.reference} already has an underpayment entry`);
      await invoices.recordCheck(invoice.id, { gatewayStatus, amountPaidKobo: paidKobo, note, nextCheckInSeconds: NEVER }, tx);
      return true;
    });
    if (opened) log.warn({ reference: invoice.reference, note }, "payment paid short: in the staff review queue");
  }

  /**
   * A payment in review, asked about again on a callback or notification: when the gateway now verifies
   * the full amount (a virtual account the payer sent the rest to), it settles, the part received before
   * taken from suspense and the rest from the gateway's clearing account. Anything less changes nothing:
   * the review stays with staff. A refund asked for meanwhile decides instead.
   */
  private async settleReviewed(invoice: InvoiceRecord, fresh: boolean): Promise<InvoiceRecord | null> {
    const { db, invoices, reviews, queries, log } = this.deps;
    const gateway = invoice.gateway!;
    const answer = await queries.check(
      gateway,
      { reference: invoice.reference, gatewayReference: invoice.gatewayReference! },
      { reuseRecent: !fresh },
    );
    if (!answer.outcome.ok) {
      if (answer.source === "asked")
        log.warn({ err: answer.outcome.error, reference: invoice.reference, gateway }, "gateway status check failed");
      return invoice;
    }
    const { verdict } = answer.outcome;
    const paid = verdict.amountPaidKobo;
    if (verdict.state !== "paid" || paid === undefined || paid < invoice.totalKobo || (verdict.currency ?? "NGN") !== "NGN") {
      // Kept as a check by the ask that queried, and still never due for the worker.
      if (answer.source === "asked")
        await invoices.recordCheck(invoice.id, { gatewayStatus: verdict.gatewayStatus, nextCheckInSeconds: NEVER });
      return invoices.findById(invoice.id);
    }
    const settled = await db.transaction(async (tx) => {
      const locked = await invoices.lockByReference(tx, invoice.reference);
      const review = locked ? await reviews.find(tx, locked.id) : null;
      // A payment held because its purpose no longer needed it is only ever refunded.
      if (!locked || !review || review.resolvedAt !== null || review.refundAsked || review.reason !== "underpaid") return null;
      // Paid in full at last, it counts only if its purpose still needs it; else the review stays for a refund.
      const begun = await this.begin(tx, locked);
      if (!begun.fits) return null;
      await reviews.resolve(tx, locked.id, {
        kind: "settled",
        by: null,
        balanceKobo: paid - review.amountReceivedKobo,
        balanceReference: null,
      });
      await invoices.recordCheck(
        locked.id,
        { gatewayStatus: verdict.gatewayStatus, amountPaidKobo: paid, nextCheckInSeconds: NEVER },
        tx,
      );
      await this.settleLocked(tx, locked, paid, gateway, {
        sources: [
          { accountCode: "suspense:underpayments", amountKobo: review.amountReceivedKobo },
          { accountCode: `clearing:${gateway}`, amountKobo: paid - review.amountReceivedKobo },
        ],
        begun,
      });
      return locked;
    });
    if (settled) this.announceSettled(settled, paid);
    return invoices.findById(invoice.id);
  }

  /**
   * Marks pending payments failed (declined, expired, never started), all in one transaction, each behind
   * its row lock and only while it is still open to settlement (a callback may have settled it since).
   * Each closure changes the staff dashboards' pages of its day and department (migration 0004), so the
   * worker closes what it finds together (CLOSE_TOGETHER): those pages are read again once per group, not
   * once per payment.
   */
  async closeAll(closures: Closure[]): Promise<void> {
    if (closures.length === 0) return;
    const { db, invoices, purposes } = this.deps;
    // Locked in the order of their ids, as any other transaction locking several invoices must; each once.
    const ordered = [...new Map(closures.map((c) => [c.invoice.id, c])).values()].sort((a, b) => a.invoice.id - b.invoice.id);
    await db.transaction(async (tx) => {
      for (const { invoice, reason, gatewayStatus } of ordered) {
        if (!(await invoices.lockForSettlement(tx, invoice.id))) continue;
        await invoices.markFailed(tx, invoice.id, reason);
        await purposes.of(invoice).closed?.(tx, invoice);
        await invoices.recordCheck(invoice.id, { gatewayStatus, nextCheckInSeconds: NEVER }, tx);
      }
    });
  }

  /**
   * Settles once: completed status, a balanced journal entry (gateway clearing against what the payment's
   * purpose credits; any excess owed back as an overpayment) and what the purpose does next (a receipt).
   */
  private async settle(invoice: InvoiceRecord, paidKobo: number, gatewayStatus: string): Promise<void> {
    const { db, invoices } = this.deps;
    const settled = await db.transaction(async (tx) => {
      if (!(await invoices.lockForSettlement(tx, invoice.id))) return false;
      // A payment counts only if its purpose still needs it, decided in this transaction (behind the rows
      // the purpose locks); one that no longer does (what it pays for was paid by others meanwhile, or
      // cancelled) is held for a staff refund and never overpays it.
      const begun = await this.begin(tx, invoice);
      if (!begun.fits) {
        await this.holdForRefund(tx, invoice, paidKobo, gatewayStatus, invoice.gateway!, begun);
        return false;
      }
      const excess = paidKobo - invoice.totalKobo;
      await invoices.recordCheck(
        invoice.id,
        {
          gatewayStatus,
          amountPaidKobo: paidKobo,
          note: excess > 0 ? `overpaid by ${excess} kobo` : null,
          nextCheckInSeconds: NEVER,
        },
        tx,
      );
      await this.settleLocked(tx, invoice, paidKobo, invoice.gateway!, { begun });
      return true;
    });
    if (settled) this.announceSettled(invoice, paidKobo);
  }

  /**
   * Money that arrived for a payment, for a caller holding its row lock that has checked it is settleable
   * (staff confirming money received in the hospital's account, or approving it): a payment its purpose no
   * longer needs (paid in full by others or cancelled meanwhile) is held in suspense for a staff refund, as
   * a late gateway payment is; anything else settles. Returns true when it settled.
   */
  async settleOrHoldLocked(tx: Queryable, invoice: InvoiceRecord, paidKobo: number, channel: PaymentChannel): Promise<boolean> {
    const begun = await this.begin(tx, invoice);
    if (!begun.fits) {
      await this.holdForRefund(tx, invoice, paidKobo, "confirmed", channel, begun);
      return false;
    }
    await this.settleLocked(tx, invoice, paidKobo, channel, { begun });
    return true;
  }

  /** The payment's purpose decides, in `tx`, whether it still fits and how it settles. */
  private begin(tx: Queryable, invoice: InvoiceRecord, purpose?: PaymentPurpose): Promise<PurposeSettlement | UnfitPayment> {
    return (purpose ?? this.deps.purposes.of(invoice)).begin(tx, invoice);
  }

  /**
   * A payment whose money arrived (the gateway verified it, or staff confirmed its receipt) after its
   * purpose no longer needed it: everything received goes from the channel's clearing account into
   * suspense, and the payment to the staff review queue, where only a refund resolves it, in the purpose's
   * words. The caller holds the invoice's row lock.
   */
  private async holdForRefund(
    tx: Queryable,
    invoice: InvoiceRecord,
    paidKobo: number,
    gatewayStatus: string,
    channel: PaymentChannel,
    unfit: UnfitPayment,
  ): Promise<void> {
    const { invoices, ledger, reviews, log } = this.deps;
    const hold = unfit.hold(paidKobo, channel);
    await reviews.open(tx, {
      invoiceId: invoice.id,
      amountDueKobo: invoice.totalKobo,
      amountReceivedKobo: paidKobo,
      gatewayStatus,
      reason: hold.reason,
    });
    const entry = await ledger.post(tx, {
      kind: hold.entryKind,
      invoiceId: invoice.id,
      description: hold.description,
      postings: [
        { accountCode: `clearing:${channel}`, amountKobo: paidKobo },
        { accountCode: "suspense:underpayments", amountKobo: -paidKobo },
      ],
    });
    if (entry === null) throw new Error(`invoice ${invoice.reference} already has a ${hold.entryKind} entry`);
    await invoices.recordCheck(
      invoice.id,
      { gatewayStatus, amountPaidKobo: paidKobo, note: hold.note, nextCheckInSeconds: NEVER },
      tx,
    );
    log.warn({ reference: invoice.reference, note: hold.note }, hold.log);
  }

  /**
   * The settlement itself, for a caller that holds the invoice's row lock and has checked that it is
   * settleable (the gateway path above, staff confirming money received in the hospital's account, staff
   * settling a payment paid short once its balance arrived, a credit a module books itself): marks it
   * completed with its receipt code, posts the entry from the channel's clearing account (or from
   * `sources`, which sum to `paidKobo`) to what the payment's purpose credits, then lets the purpose finish
   * (receipts, e-mail), all in `tx`.
   * `purpose` settles the payment for that purpose instead of the one registered for the invoice;
   * `begun` is the purpose's answer when the caller has already asked it. A payment its purpose no longer
   * needs is refused with the purpose's error. Returns the payment's receipt code.
   */
  async settleLocked(
    tx: Queryable,
    invoice: InvoiceRecord,
    paidKobo: number,
    channel: PaymentChannel,
    {
      sources,
      via = channel,
      purpose,
      begun,
    }: { sources?: Posting[]; via?: string; purpose?: PaymentPurpose; begun?: PurposeSettlement } = {},
  ): Promise<string> {
    const { invoices, ledger } = this.deps;
    const settling = begun ?? (await this.begin(tx, invoice, purpose));
    if (!settling.fits) throw settling.refusal();
    const receiptCode = newReceiptCode();
    await invoices.markCompleted(tx, invoice.id, receiptCode);
    const excess = paidKobo - invoice.totalKobo;
    const postings: Posting[] = sources ? [...sources] : [{ accountCode: `clearing:${channel}`, amountKobo: paidKobo }];
    if (excess > 0) postings.push({ accountCode: "liability:overpayments", amountKobo: -excess });
    postings.push(...(await settling.credit(tx, invoice)));
    const entry = await ledger.post(tx, {
      kind: "settlement",
      invoiceId: invoice.id,
      description: `${settling.title} ${invoice.reference} via ${via}`,
      postings: postings.filter((posting) => posting.amountKobo !== 0),
    });
    if (entry === null) throw new Error(`invoice ${invoice.reference} already has a settlement entry`);
    await settling.settled(tx, invoice, receiptCode);
    return receiptCode;
  }

  /** After a commit that queued e-mail or SMS: wake their workers. */
  wakeOutboxes(): void {
    this.deps.mailQueued();
  }

  /** After a settlement commits: log it and wake the mail worker for the receipt. */
  announceSettled(invoice: InvoiceRecord, paidKobo: number, channel: PaymentChannel = invoice.gateway!): void {
    this.deps.log.info({ reference: invoice.reference, gateway: channel, amountKobo: paidKobo }, "payment settled");
    this.deps.mailQueued();
  }
}
