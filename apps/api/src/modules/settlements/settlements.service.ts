import {
  formatNaira,
  koboToDecimal,
  SETTLEMENT_MESSAGES,
  SETTLEMENT_WINDOW_DAYS,
  watDay,
  type SettlementDecision,
  type SettlementExplanation,
  type SettlementImport,
  type SettlementReport,
  type SettlingGateway,
} from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import { UpstreamError } from "../../lib/http";
import type { AuditRepository } from "../audit";
import type { GatewaySettlement, MonnifyGateway, PaystackGateway, WebhookHandler } from "../gateways";
import type { LedgerRepository, Posting } from "../ledger";
import type { RecordedSettlement, SettlementsRepository } from "./settlements.repository";

export const SETTLEMENT_BANK_ACCOUNT = "asset:bank:gateway_settlements";
export const GATEWAY_FEES_ACCOUNT = "expense:gateway_fees";
const WRITE_OFFS_ACCOUNT = "expense:settlement_write_offs";
const UNMATCHED_ACCOUNT = "suspense:unmatched_settlements";
const UNMATCHED_INCOME_ACCOUNT = "income:unmatched_settlements";

export interface SettlementsServiceDeps {
  db: Database;
  settlements: SettlementsRepository;
  paystack: Pick<PaystackGateway, "settlements">;
  monnify: Pick<MonnifyGateway, "settlementNotice" | "settlement">;
  ledger: LedgerRepository;
  audit: AuditRepository;
  log: FastifyBaseLogger;
  /** Today in WAT (YYYY-MM-DD); a parameter so that tests can stand on another day. */
  today?: () => string;
}

const today = () => watDay(new Date().toISOString());

/**
 * Gateway settlements reconciled (issue 37). A settlement the gateway reports (Paystack's settlements API, read on
 * an officer's import; Monnify's settlement webhook, then its transactions by settlement reference) is recorded
 * once with its transactions matched to our payments, and in the same transaction moves them out of clearing: the
 * net to the bank, the fees to their expense; a transaction naming no payment of ours waits in suspense, and one
 * whose payment was written off as missing reverses that write-off. The month's report sets each gateway's days
 * of payments against what was settled of them; what differs is explained by an officer or written off with
 * another's sign-off, and the month closes when nothing is left open.
 */
export class SettlementsService {
  constructor(private readonly deps: SettlementsServiceDeps) {}

  private today(): string {
    return (this.deps.today ?? today)();
  }

  /** Records a settlement (once) and its ledger entry, in one transaction; null when it was recorded before. */
  async record(settlement: GatewaySettlement, q?: Queryable): Promise<RecordedSettlement | null> {
    const write = async (tx: Queryable) => {
      const recorded = await this.deps.settlements.insert(tx, settlement);
      if (!recorded) return null;
      const postings: Posting[] = [
        { accountCode: SETTLEMENT_BANK_ACCOUNT, amountKobo: settlement.netKobo },
        { accountCode: GATEWAY_FEES_ACCOUNT, amountKobo: settlement.feesKobo },
        { accountCode: `clearing:${settlement.gateway}`, amountKobo: -recorded.matchedKobo },
        { accountCode: WRITE_OFFS_ACCOUNT, amountKobo: -recorded.writtenOffKobo },
        { accountCode: UNMATCHED_ACCOUNT, amountKobo: -recorded.unmatchedKobo },
      ];
      await this.deps.ledger.post(tx, {
        kind: "gateway_settlement",
        invoiceId: null,
        description: `${settlement.gateway} settlement ${settlement.reference} of ${settlement.settledOn}: ${formatNaira(settlement.netKobo)} to the bank, ${formatNaira(settlement.feesKobo)} fees`,
        postings: postings.filter((posting) => posting.amountKobo !== 0),
      });
      return recorded;
    };
    return q ? write(q) : this.deps.db.transaction(write);
  }

  /** An officer's import of a gateway's settlements of some days (Paystack's are read; Monnify's arrive by webhook). */
  async import(staff: AuthUser, input: SettlementImport): Promise<{ detail: string; imported: number }> {
    if (input.gateway === "remita") throw errors.validation({ gateway: [SETTLEMENT_MESSAGES.noReport] });
    if (input.gateway === "monnify")
      throw errors.validation({ gateway: ["Monnify reports each settlement by webhook: they are recorded as they arrive."] });
    let settlements: GatewaySettlement[];
    try {
      settlements = await this.deps.paystack.settlements(input.from, input.to);
    } catch (error) {
      if (error instanceof UpstreamError) throw errors.unavailable(SETTLEMENT_MESSAGES.gatewayUnavailable);
      throw error;
    }
    let imported = 0;
    await this.deps.db.transaction(async (tx) => {
      for (const settlement of settlements) if (await this.record(settlement, tx)) imported += 1;
      await this.deps.audit.record(tx, {
        actor: staff,
        action: "settlement.imported",
        targetType: "settlement",
        targetId: `${input.gateway}:${input.from}`,
        summary: `Imported ${imported} ${input.gateway} settlement(s) of ${input.from} to ${input.to}`,
        details: { gateway: input.gateway, from: input.from, to: input.to, imported },
      });
    });
    return { detail: imported > 0 ? SETTLEMENT_MESSAGES.imported(imported) : SETTLEMENT_MESSAGES.nothingNew, imported };
  }

  /** Monnify's settlement notifications: recorded with their transactions; the gateway is asked again on failure. */
  webhooks(): WebhookHandler {
    return {
      take: async (notice) => {
        if (notice.key !== "monnify") return null;
        const reported = this.deps.monnify.settlementNotice(notice.body);
        if (!reported) return null;
        try {
          const settlement = await this.deps.monnify.settlement(reported);
          const recorded = await this.record(settlement);
          notice.log.info({ settlement: reported.reference, recorded: recorded !== null }, "monnify settlement received");
          return { status: "ok" };
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          notice.log.warn({ err: error, settlement: reported.reference }, "monnify settlement's transactions unreadable");
          return { status: "retry", detail: SETTLEMENT_MESSAGES.gatewayUnavailable };
        }
      },
    };
  }

  async report(month: string): Promise<SettlementReport> {
    const { settlements } = this.deps;
    const [days, unreported, closed] = await Promise.all([
      settlements.days(month, this.today(), SETTLEMENT_WINDOW_DAYS),
      settlements.unreported(month),
      settlements.closedMonth(month),
    ]);
    return {
      month,
      window_days: SETTLEMENT_WINDOW_DAYS,
      closed: closed && { by: closed.by, at: closed.at.toISOString(), note: closed.note },
      days: days.map((day) => ({
        day: day.day,
        gateway: day.gateway,
        payments: day.payments,
        collected: koboToDecimal(day.collected),
        settled: koboToDecimal(day.settled),
        fees: koboToDecimal(day.fees),
        net: koboToDecimal(day.settled - day.fees),
        awaiting: koboToDecimal(day.awaiting),
        missing: koboToDecimal(day.missing),
        explained: koboToDecimal(day.explained),
        written_off: koboToDecimal(day.writtenOff),
        unmatched: koboToDecimal(day.unmatched),
        open_differences: day.open,
      })),
      unreported: unreported.map((row) => ({ ...row, collected: koboToDecimal(row.collected) })),
      open_differences: days.reduce((sum, day) => sum + day.open, 0),
    };
  }

  async differences(month: string, filter: { gateway: SettlingGateway | null; day: string | null }) {
    const rows = await this.deps.settlements.differences(month, this.today(), SETTLEMENT_WINDOW_DAYS, { ...filter, limit: 500 });
    return {
      results: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        gateway: row.gateway,
        day: row.day,
        invoice_reference: row.invoiceReference,
        gateway_reference: row.gatewayReference,
        amount: koboToDecimal(row.amountKobo),
        status: row.status,
        explanation: row.explanation,
        explained_by: row.explainedBy,
        decided_by: row.decidedBy,
        decision_note: row.decisionNote,
      })),
    };
  }

  /** An officer explains a difference (and may ask to write it off, which another officer signs off). */
  async explain(staff: AuthUser, input: SettlementExplanation): Promise<{ detail: string }> {
    const { db, settlements, audit } = this.deps;
    await db.transaction(async (tx) => {
      const found =
        input.kind === "missing"
          ? await settlements.unsettledPayment(tx, input.gateway, input.reference)
          : await settlements.unmatchedLine(tx, input.gateway, input.reference);
      if (!found) throw errors.validation({ reference: [SETTLEMENT_MESSAGES.noDifference] });
      if (await settlements.closedMonth(found.day.slice(0, 7), tx))
        throw errors.conflict(SETTLEMENT_MESSAGES.monthAlreadyClosed, "month_closed");
      const id = await settlements.insertDifference(tx, {
        gateway: input.gateway,
        kind: input.kind,
        invoiceId: "invoiceId" in found ? found.invoiceId : null,
        settlementId: "settlementId" in found ? found.settlementId : null,
        gatewayReference: input.kind === "unmatched" ? input.reference : null,
        day: found.day,
        amountKobo: found.kobo,
        explanation: input.explanation,
        by: staff.id,
        writeOff: input.write_off,
      });
      if (id === null) throw errors.conflict(SETTLEMENT_MESSAGES.alreadyExplained, "already_explained");
      await audit.record(tx, {
        actor: staff,
        action: input.write_off ? "settlement.write_off_requested" : "settlement.explained",
        targetType: "settlement",
        targetId: id,
        summary: `${input.write_off ? "Asked to write off" : "Explained"} ${input.gateway} ${input.kind} ${input.reference} of ${formatNaira(found.kobo)}: ${input.explanation}`,
        details: { gateway: input.gateway, kind: input.kind, reference: input.reference, amount: koboToDecimal(found.kobo) },
      });
    });
    return { detail: input.write_off ? SETTLEMENT_MESSAGES.writeOffAsked : SETTLEMENT_MESSAGES.explained };
  }

  /**
   * Another officer signs a write-off off (or refuses it, the difference staying explained): a missing payment
   * leaves clearing as an expense; a transaction naming none of ours leaves suspense as income.
   */
  async decide(staff: AuthUser, id: number, input: SettlementDecision): Promise<{ detail: string }> {
    const { db, settlements, ledger, audit } = this.deps;
    const approved = input.decision === "approve";
    await db.transaction(async (tx) => {
      const difference = await settlements.lockDifference(tx, id);
      if (!difference) throw errors.notFound(SETTLEMENT_MESSAGES.differenceNotFound);
      if (difference.status !== "write_off_pending") throw errors.conflict(SETTLEMENT_MESSAGES.notPending, "not_pending");
      if (difference.explainedBy === staff.id) throw errors.forbidden(SETTLEMENT_MESSAGES.ownWriteOff);
      await settlements.decide(tx, id, approved, staff.id, input.note);
      if (approved) {
        const [debit, credit] =
          difference.kind === "missing"
            ? [WRITE_OFFS_ACCOUNT, `clearing:${difference.gateway}`]
            : [UNMATCHED_ACCOUNT, UNMATCHED_INCOME_ACCOUNT];
        await ledger.post(tx, {
          kind: "settlement_write_off",
          invoiceId: difference.invoiceId,
          description: `Settlement difference ${id} (${difference.gateway} ${difference.kind}) written off: ${input.note}`,
          postings: [
            { accountCode: debit, amountKobo: difference.amountKobo },
            { accountCode: credit, amountKobo: -difference.amountKobo },
          ],
        });
      }
      await audit.record(tx, {
        actor: staff,
        action: approved ? "settlement.write_off_approved" : "settlement.write_off_rejected",
        targetType: "settlement",
        targetId: id,
        summary: `${approved ? "Signed off" : "Refused"} the write-off of ${difference.gateway} ${difference.kind} ${formatNaira(difference.amountKobo)}: ${input.note}`,
        details: { amount: koboToDecimal(difference.amountKobo), note: input.note },
      });
    });
    return { detail: approved ? SETTLEMENT_MESSAGES.writeOffApproved : SETTLEMENT_MESSAGES.writeOffRejected };
  }

  /** Closes a month that is over when none of its differences is open (awaiting settlement counts as open). */
  async close(staff: AuthUser, month: string, note: string): Promise<{ detail: string }> {
    const { db, settlements, audit } = this.deps;
    if (this.today().slice(0, 7) <= month) throw errors.conflict(SETTLEMENT_MESSAGES.monthNotOver, "month_not_over");
    const open = await settlements.openCount(month, this.today(), SETTLEMENT_WINDOW_DAYS);
    if (open > 0) throw errors.conflict(SETTLEMENT_MESSAGES.monthOpen(open), "differences_open");
    await db.transaction(async (tx) => {
      if (!(await settlements.closeMonth(tx, month, staff.id, note)))
        throw errors.conflict(SETTLEMENT_MESSAGES.monthAlreadyClosed, "month_closed");
      await audit.record(tx, {
        actor: staff,
        action: "settlement.month_closed",
        targetType: "settlement",
        targetId: month,
        summary: `Closed the settlements of ${month}: ${note}`,
        details: { month, note },
      });
    });
    return { detail: SETTLEMENT_MESSAGES.monthClosed };
  }
}
