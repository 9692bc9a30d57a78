import {
  bpToPercent,
  percentToBp,
  formatNaira,
  koboToDecimal,
  MESSAGES,
  nairaToKobo,
  WAIVER_MESSAGES,
  type BillWaiver,
  type WaiverDecisionInput,
  type WaiverRequestInput,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { errors } from "../../lib/errors";
import type { AuditRepository } from "../audit";
import { BILL_DEPOSITS_ACCOUNT, type LedgerRepository } from "../ledger";
import type { StaffDeskRepository } from "../staff-desk";
import type { BillParts } from "./bill-parts";
import type { BillWaiversRepository, WaiverRecord } from "./bill-waivers.repository";
import { owedKobo, patientPartKobo, type BillRecord, type BillsRepository } from "./bills.repository";

export interface BillWaiversDeps {
  db: Database;
  bills: BillsRepository;
  waivers: BillWaiversRepository;
  billParts: BillParts;
  desks: StaffDeskRepository;
  ledger: LedgerRepository;
  audit: AuditRepository;
  mailQueued: () => void;
}

/** Where approved discounts and waivers are an expense (against revenue). */
export const WAIVERS_ACCOUNT = "expense:discounts_waivers";

const TEXT = WAIVER_MESSAGES;

export function waiverView(row: WaiverRecord): BillWaiver {
  return {
    id: row.id,
    bill_token: row.billToken,
    patient_name: row.patientName,
    hospital_number: row.hospitalNumber,
    amount: koboToDecimal(row.amountKobo),
    percent: row.percentBp === null ? null : bpToPercent(row.percentBp),
    reason: row.reason,
    status: row.status,
    requested_by: { id: row.requestedById, name: row.requestedByName },
    requested_at: row.requestedAt.toISOString(),
    decided_by: row.decidedById === null ? null : { id: row.decidedById, name: row.decidedByName ?? "" },
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  };
}

/**
 * Discounts and waivers: the desk asks for one on an open bill; an officer other than the one who asked, with a
 * waiver limit at least its amount, approves or rejects it. An approved waiver is settled like a part paid by
 * the hospital: behind the bill's lock it must fit what the bill still asks for (never more, and once), it is
 * held in the bill deposits from the discounts-and-waivers account, and when it covers the rest the bill is
 * paid and its total becomes revenue, as when a last part arrives.
 */
export class BillWaiversService {
  constructor(private readonly deps: BillWaiversDeps) {}

  async request(staff: AuthUser, token: string, input: WaiverRequestInput): Promise<{ detail: string; waiver: BillWaiver }> {
    const { db, bills, waivers, audit } = this.deps;
    const id = await db.transaction(async (tx) => {
      const bill = await bills.lockByToken(tx, token);
      if (!bill) throw errors.notFound(MESSAGES.bills.notFound);
      if (bill.status !== "open") throw errors.conflict(MESSAGES.bills.notOpen, "bill_not_open");
      const percentBp = input.percent === undefined ? null : percentToBp(input.percent)!;
      const amount = percentBp === null ? nairaToKobo(input.amount!)! : Math.floor((patientPartKobo(bill) * percentBp) / 10_000);
      if (amount <= 0) throw errors.validation({ percent: [TEXT.tooSmall] });
      this.fitsOrRefuse(bill, amount, percentBp === null ? "amount" : "percent");
      const created = await waivers.insert(tx, {
        billId: bill.id,
        percentBp,
        amountKobo: amount,
        reason: input.reason,
        by: staff.id,
      });
      await audit.record(tx, {
        actor: staff,
        action: "bill.waiver_requested",
        targetType: "bill",
        targetId: token,
        summary: `Asked for a waiver of ${formatNaira(amount)} on bill ${token}: ${input.reason}`,
        details: { waiver_id: created, amount_kobo: amount, percent_bp: percentBp, reason: input.reason },
      });
      return created;
    });
    return { detail: TEXT.requested, waiver: waiverView((await waivers.findById(id))!) };
  }

  async decide(officer: AuthUser, id: number, input: WaiverDecisionInput): Promise<{ detail: string; waiver: BillWaiver }> {
    const { db, bills, waivers, desks, ledger, audit, billParts } = this.deps;
    const approve = input.decision === "approve";
    const queued = await db.transaction(async (tx) => {
      const waiver = await waivers.findById(id, tx);
      if (!waiver) throw errors.notFound(TEXT.notFound);
      // The bill first, then the waiver: the order every payment of the bill locks it in.
      const bill = (await bills.lockById(tx, waiver.billId))!;
      const locked = (await waivers.lock(tx, id))!;
      if (locked.status !== "pending") throw errors.conflict(TEXT.notPending, "waiver_decided");
      if (waiver.requestedById === officer.id) throw errors.forbidden(TEXT.ownRequest, "own_request");
      const rights = await desks.find(officer.id, tx);
      if (rights?.waiverLimitKobo === null || rights?.waiverLimitKobo === undefined)
        throw errors.forbidden(TEXT.noRight, "approves_no_waivers");
      if (approve && waiver.amountKobo > rights.waiverLimitKobo)
        throw errors.forbidden(TEXT.overLimit(formatNaira(rights.waiverLimitKobo)), "over_waiver_limit");
      if (approve) {
        if (bill.status !== "open") throw errors.conflict(MESSAGES.bills.notOpen, "bill_not_open");
        const outcome = await bills.applyWaiver(tx, bill, waiver.amountKobo);
        if (!outcome.fits) throw errors.conflict(TEXT.moreThanOwed(formatNaira(owedKobo(bill))), "waiver_unfit");
        await ledger.post(tx, {
          kind: "bill_waiver",
          invoiceId: null,
          description: `Waiver ${id} of ${formatNaira(waiver.amountKobo)} on bill ${bill.token}: ${waiver.reason}`,
          postings: [
            { accountCode: WAIVERS_ACCOUNT, amountKobo: waiver.amountKobo },
            { accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: -waiver.amountKobo },
          ],
        });
        await billParts.recognise(tx, outcome, { id: null, reference: `waiver ${id}` });
      }
      await waivers.decide(tx, id, { status: approve ? "approved" : "rejected", by: officer.id, note: input.note });
      await audit.record(tx, {
        actor: officer,
        action: approve ? "bill.waiver_approved" : "bill.waiver_rejected",
        targetType: "bill",
        targetId: bill.token,
        summary: `${approve ? "Approved" : "Rejected"} waiver ${id} of ${formatNaira(waiver.amountKobo)} on bill ${bill.token}`,
        details: { waiver_id: id, amount_kobo: waiver.amountKobo, note: input.note },
      });
      return approve;
    });
    if (queued) this.deps.mailQueued();
    return { detail: approve ? TEXT.approved : TEXT.rejected, waiver: waiverView((await waivers.findById(id))!) };
  }

  async list(status: WaiverRecord["status"], limit: number) {
    const { count, rows } = await this.deps.waivers.list(status, limit);
    return { count, results: rows.map(waiverView) };
  }

  async ofBill(billId: number): Promise<BillWaiver[]> {
    return (await this.deps.waivers.ofBill(billId)).map(waiverView);
  }

  /**
   * A cancelled bill's waivers, in the cancellation's transaction: those pending are withdrawn, and what the
   * approved ones put in the bill deposits goes back to the discounts account (the bill asks for nothing now).
   */
  async cancelled(tx: Queryable, staff: AuthUser, bill: BillRecord): Promise<void> {
    await this.deps.waivers.withdrawPending(tx, bill.id, staff.id);
    if (bill.waivedKobo === 0) return;
    await this.deps.ledger.post(tx, {
      kind: "bill_waiver_reversed",
      invoiceId: null,
      description: `Bill ${bill.token} cancelled: its waivers of ${formatNaira(bill.waivedKobo)} reversed`,
      postings: [
        { accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: bill.waivedKobo },
        { accountCode: WAIVERS_ACCOUNT, amountKobo: -bill.waivedKobo },
      ],
    });
  }

  private fitsOrRefuse(bill: BillRecord, amount: number, field: "amount" | "percent") {
    const owed = owedKobo(bill);
    if (amount > owed) throw errors.validation({ [field]: [TEXT.moreThanOwed(formatNaira(owed))] });
  }
}
