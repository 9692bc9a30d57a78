import {
  CLAIM_MESSAGES,
  formatNaira,
  koboToDecimal,
  nairaToKobo,
  type Claim,
  type ClaimHead,
  type ClaimInput,
  type ClaimRejectionInput,
  type ClaimWriteOffDecision,
  type ClaimWriteOffInput,
  type RemittanceInput,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { AppError, errors, isUniqueViolation } from "../../lib/errors";
import type { AuditRepository } from "../audit";
import { partShares } from "../bills";
import { hmoReceivableAccount, type HmosRepository } from "../hmos";
import type { LedgerRepository } from "../ledger";
import type { ClaimLineRecord, ClaimRecord, HmoClaimsRepository, WriteOffRecord } from "./hmo-claims.repository";

/** Where an HMO's remittances land: the hospital's bank account. */
export const REMITTANCES_ACCOUNT = "asset:bank:hmo_remittances";
/** Where what an HMO paid short, written off with sign-off, is an expense. */
export const SHORT_PAYMENTS_ACCOUNT = "expense:hmo_short_payments";

export interface HmoClaimsDeps {
  db: Database;
  claims: HmoClaimsRepository;
  hmos: Pick<HmosRepository, "hmos">;
  ledger: LedgerRepository;
  audit: AuditRepository;
}

const conflict = (code: string, message: string) => new AppError(409, code, message);
const outstanding = (claim: ClaimRecord) => claim.totalKobo - claim.remittedKobo - claim.writtenOffKobo;
const lineLeft = (line: ClaimLineRecord) => line.amountKobo - line.paidKobo - line.writtenOffKobo;

function headView(claim: ClaimRecord): ClaimHead {
  return {
    id: claim.id,
    hmo: { id: claim.hmoId, name: claim.hmoName, nhia_code: claim.nhiaCode },
    month: claim.month,
    status: claim.status,
    lines: claim.lines,
    total: koboToDecimal(claim.totalKobo),
    remitted: koboToDecimal(claim.remittedKobo),
    written_off: koboToDecimal(claim.writtenOffKobo),
    outstanding: koboToDecimal(outstanding(claim)),
    created_at: claim.createdAt.toISOString(),
    submitted_at: claim.submittedAt?.toISOString() ?? null,
  };
}

function writeOffView(row: WriteOffRecord): Claim["write_offs"][number] {
  return {
    id: row.id,
    amount: koboToDecimal(row.amountKobo),
    reason: row.reason,
    status: row.status,
    requested_by: { id: row.requestedById, name: row.requestedByName },
    requested_at: row.requestedAt.toISOString(),
    decided_by: row.decidedById === null ? null : { id: row.decidedById, name: row.decidedByName ?? "" },
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  };
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a formula's first character defused. */
function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  "HMO",
  "NHIA code",
  "Claim month",
  "Bill",
  "Line",
  "Date",
  "Hospital number",
  "Patient",
  "Enrollee ID",
  "Service ID",
  "Service",
  "Department",
  "Quantity",
  "Pre-authorisation code",
  "Claimed (NGN)",
  "Paid (NGN)",
  "Written off (NGN)",
  "Rejected because",
];

/**
 * Claim batches per HMO and month of its enrollees' final bills' HMO parts (issue 37). A batch is made as a
 * draft, submitted, then paid by remittances, each allocated over the lines in proportion to what each still
 * asks for (largest remainder, the bills' part split); what the HMO paid short is written off only when an
 * officer other than the one who asked signs it off. Every remittance and approved write-off moves the HMO's
 * receivable account in the same transaction (the bank, or the short-payments expense, the other side), so the
 * receivable always equals the claimable lines not yet paid or written off. Audited.
 */
export class HmoClaimsService {
  constructor(private readonly deps: HmoClaimsDeps) {}

  async list(hmoId: number | null): Promise<{ results: ClaimHead[] }> {
    return { results: (await this.deps.claims.list(hmoId)).map(headView) };
  }

  async claim(id: number): Promise<Claim> {
    const { claims } = this.deps;
    const head = await claims.find(id);
    if (!head) throw errors.notFound(CLAIM_MESSAGES.notFound);
    const [lines, remittances, writeOffs] = await Promise.all([claims.lines(id), claims.remittances(id), claims.writeOffs(id)]);
    return {
      ...headView(head),
      claim_lines: lines.map((line) => ({
        bill_token: line.billToken,
        position: line.position,
        final_on: line.finalOn,
        hospital_number: line.hospitalNumber,
        patient_name: line.patientName,
        enrollee_id: line.enrolleeId,
        service_id: line.serviceId,
        service_name: line.serviceName,
        department: line.departmentName,
        quantity: line.quantity,
        preauth_code: line.preauthCode,
        amount: koboToDecimal(line.amountKobo),
        paid: koboToDecimal(line.paidKobo),
        written_off: koboToDecimal(line.writtenOffKobo),
        rejected_reason: line.rejectedReason,
      })),
      remittances: remittances.map((row) => ({
        id: row.id,
        amount: koboToDecimal(row.amountKobo),
        bank_reference: row.bankReference,
        received_on: row.receivedOn,
        created_at: row.createdAt.toISOString(),
      })),
      write_offs: writeOffs.map(writeOffView),
    };
  }

  /** The batch as a CSV file, one row per claimed line, for the HMO's claims desk. */
  async csv(id: number): Promise<{ filename: string; body: string }> {
    const claim = await this.claim(id);
    const rows = claim.claim_lines.map((line) =>
      [
        claim.hmo.name,
        claim.hmo.nhia_code,
        claim.month,
        line.bill_token,
        line.position,
        line.final_on,
        line.hospital_number,
        line.patient_name,
        line.enrollee_id,
        line.service_id,
        line.service_name,
        line.department,
        line.quantity,
        line.preauth_code,
        line.amount,
        line.paid,
        line.written_off,
        line.rejected_reason,
      ]
        .map(csvField)
        .join(","),
    );
    const slug = claim.hmo.nhia_code.replace(/[^A-Za-z0-9]+/g, "-");
    return { filename: `claim-${slug}-${claim.month}.csv`, body: [CSV_HEADER.join(","), ...rows].join("\r\n") + "\r\n" };
  }

  async create(staff: AuthUser, input: ClaimInput): Promise<{ detail: string; claim: Claim }> {
    const { db, claims, hmos, audit } = this.deps;
    const [hmo] = await hmos.hmos(input.hmo_id);
    if (!hmo) throw errors.validation({ hmo_id: [CLAIM_MESSAGES.noHmo] });
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        if (await claims.exists(tx, hmo.id, `${input.month}-01`)) throw conflict("claim_exists", CLAIM_MESSAGES.batchExists);
        const created = await claims.create(tx, hmo.id, `${input.month}-01`, staff.id);
        if (created === null) throw errors.validation({ month: [CLAIM_MESSAGES.nothingToClaim] });
        const claim = (await claims.find(created, tx))!;
        await audit.record(tx, {
          actor: staff,
          action: "hmo_claim.created",
          targetType: "hmo_claim",
          targetId: created,
          summary: `Claim batch of ${hmo.name} for ${input.month}: ${claim.lines} lines, ${formatNaira(claim.totalKobo)}`,
          details: { hmo_id: hmo.id, month: input.month, lines: claim.lines, total: koboToDecimal(claim.totalKobo) },
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("claim_exists", CLAIM_MESSAGES.batchExists);
      throw error;
    }
    return { detail: CLAIM_MESSAGES.created, claim: await this.claim(id) };
  }

  async submit(staff: AuthUser, id: number): Promise<{ detail: string; claim: Claim }> {
    const { db, claims, audit } = this.deps;
    await db.transaction(async (tx) => {
      const claim = await claims.lock(tx, id);
      if (!claim) throw errors.notFound(CLAIM_MESSAGES.notFound);
      if (claim.status !== "draft") throw conflict("claim_not_draft", CLAIM_MESSAGES.notDraft);
      await claims.submit(tx, id, staff.id);
      await audit.record(tx, {
        actor: staff,
        action: "hmo_claim.submitted",
        targetType: "hmo_claim",
        targetId: id,
        summary: `Submitted the claim batch of ${claim.hmoName} for ${claim.month} (${formatNaira(claim.totalKobo)})`,
      });
    });
    return { detail: CLAIM_MESSAGES.submitted, claim: await this.claim(id) };
  }

  /**
   * Records what the HMO paid on a submitted batch (never more than it still asks for; a bank reference once),
   * allocated over its lines in proportion to what each still asks for, and moves it from the HMO's receivable
   * to the bank.
   */
  async remit(staff: AuthUser, id: number, input: RemittanceInput): Promise<{ detail: string; claim: Claim }> {
    const { db, claims, ledger, audit } = this.deps;
    const amount = nairaToKobo(input.amount);
    if (amount === null || amount <= 0) throw errors.validation({ amount: ["Enter a valid amount."] });
    try {
      await db.transaction(async (tx) => {
        const claim = await claims.lock(tx, id);
        if (!claim) throw errors.notFound(CLAIM_MESSAGES.notFound);
        if (claim.status === "draft") throw conflict("claim_not_submitted", CLAIM_MESSAGES.notSubmitted);
        if (amount > outstanding(claim))
          throw errors.validation({ amount: [CLAIM_MESSAGES.overpaid(formatNaira(outstanding(claim)))] });
        // The HMO pays the lines it did not reject.
        const lines = (await claims.lines(id, tx)).filter((line) => lineLeft(line) > 0 && line.rejectedReason === null);
        const accepted = lines.reduce((sum, line) => sum + lineLeft(line), 0);
        if (amount > accepted) throw errors.validation({ amount: [CLAIM_MESSAGES.onlyRejectedLeft(formatNaira(accepted))] });
        const remittance = await claims.insertRemittance(
          tx,
          id,
          { amountKobo: amount, bankReference: input.bank_reference, receivedOn: input.received_on },
          staff.id,
        );
        // Each line's share of what is left on the lines, by the largest remainder (what was paid counts as given).
        const shares = partShares(
          lines.map((line) => line.amountKobo - line.writtenOffKobo),
          lines.map((line) => line.paidKobo),
          amount,
        );
        await claims.settleLines(
          tx,
          id,
          "paid",
          lines.map((line, i) => ({ billId: line.billId, position: line.position, kobo: shares[i]! })),
        );
        await ledger.post(tx, {
          kind: "hmo_remittance",
          invoiceId: null,
          description: `Remittance ${input.bank_reference} from ${claim.hmoName} on its ${claim.month} claim batch`,
          postings: [
            { accountCode: REMITTANCES_ACCOUNT, amountKobo: amount },
            { accountCode: hmoReceivableAccount(claim.hmoId), amountKobo: -amount },
          ],
        });
        await audit.record(tx, {
          actor: staff,
          action: "hmo_claim.remitted",
          targetType: "hmo_claim",
          targetId: id,
          summary: `${claim.hmoName} remitted ${formatNaira(amount)} on its ${claim.month} claim batch (${input.bank_reference})`,
          details: { remittance_id: remittance, amount: koboToDecimal(amount), bank_reference: input.bank_reference },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.validation({ bank_reference: [CLAIM_MESSAGES.referenceTwice] });
      throw error;
    }
    return { detail: CLAIM_MESSAGES.remitted, claim: await this.claim(id) };
  }

  /**
   * Records that the HMO rejected a line of a submitted batch, with its reason: nothing of it is then allocated
   * from remittances, and it stays owed until written off with the rest.
   */
  async rejectLine(staff: AuthUser, id: number, input: ClaimRejectionInput): Promise<{ detail: string; claim: Claim }> {
    const { db, claims, audit } = this.deps;
    await db.transaction(async (tx) => {
      const claim = await claims.lock(tx, id);
      if (!claim) throw errors.notFound(CLAIM_MESSAGES.notFound);
      if (claim.status === "draft") throw conflict("claim_not_submitted", CLAIM_MESSAGES.notSubmitted);
      const line = (await claims.lines(id, tx)).find(
        (candidate) => candidate.billToken === input.bill_token.toLowerCase() && candidate.position === input.position,
      );
      if (!line) throw errors.validation({ position: [CLAIM_MESSAGES.noLine] });
      if (line.paidKobo > 0 || line.writtenOffKobo > 0 || line.rejectedReason !== null)
        throw conflict("line_settled", CLAIM_MESSAGES.lineSettled);
      await claims.rejectLine(tx, id, line.billId, line.position, input.reason, staff.id);
      await audit.record(tx, {
        actor: staff,
        action: "hmo_claim.line_rejected",
        targetType: "hmo_claim",
        targetId: id,
        summary: `${claim.hmoName} rejected line ${line.position} of bill ${line.billToken} (${formatNaira(line.amountKobo)}) on its ${claim.month} claim batch: ${input.reason}`,
        details: {
          bill_token: line.billToken,
          position: line.position,
          amount: koboToDecimal(line.amountKobo),
          reason: input.reason,
        },
      });
    });
    return { detail: CLAIM_MESSAGES.rejected, claim: await this.claim(id) };
  }

  /** Asks for what the batch still asks for, on a submitted batch, to be written off; another officer signs it off. */
  async requestWriteOff(staff: AuthUser, id: number, input: ClaimWriteOffInput): Promise<{ detail: string; claim: Claim }> {
    const { db, claims, audit } = this.deps;
    try {
      await db.transaction(async (tx) => {
        const claim = await claims.lock(tx, id);
        if (!claim) throw errors.notFound(CLAIM_MESSAGES.notFound);
        if (claim.status === "draft") throw conflict("claim_not_submitted", CLAIM_MESSAGES.notSubmitted);
        const left = outstanding(claim);
        if (left === 0) throw conflict("claim_settled", CLAIM_MESSAGES.nothingLeft);
        const writeOff = await claims.insertWriteOff(tx, id, left, input.reason, staff.id);
        await audit.record(tx, {
          actor: staff,
          action: "hmo_claim.write_off_requested",
          targetType: "hmo_claim",
          targetId: id,
          summary: `Asked to write off ${formatNaira(left)} of ${claim.hmoName}'s ${claim.month} claim batch: ${input.reason}`,
          details: { write_off_id: writeOff, amount: koboToDecimal(left), reason: input.reason },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("write_off_pending", CLAIM_MESSAGES.writeOffPending);
      throw error;
    }
    return { detail: CLAIM_MESSAGES.writeOffAsked, claim: await this.claim(id) };
  }

  /**
   * The sign-off: by an officer other than the one who asked. Approved, what the batch still asks for (the
   * amount asked, unless a remittance since made it less) is written off its lines and its HMO's receivable.
   */
  async decideWriteOff(
    staff: AuthUser,
    writeOffId: number,
    input: ClaimWriteOffDecision,
  ): Promise<{ detail: string; claim: Claim }> {
    const { db, claims, ledger, audit } = this.deps;
    const approved = input.decision === "approve";
    const decided = await db.transaction(async (tx) => {
      const pending = await claims.lockWriteOff(tx, writeOffId);
      if (!pending) throw errors.notFound(CLAIM_MESSAGES.writeOffNotFound);
      // The batch first, as every change of it locks it, then the write-off again behind it.
      const claim = (await claims.lock(tx, pending.claimId))!;
      if (pending.status !== "pending") throw conflict("write_off_decided", CLAIM_MESSAGES.writeOffDecided);
      if (pending.requestedById === staff.id) throw new AppError(403, "own_write_off", CLAIM_MESSAGES.ownWriteOff);
      const amount = Math.min(pending.amountKobo, outstanding(claim));
      await claims.decideWriteOff(tx, writeOffId, approved && amount > 0, staff.id, input.note);
      if (approved && amount > 0) {
        const lines = (await claims.lines(claim.id, tx)).filter((line) => lineLeft(line) > 0);
        // What each line still asks for is written off whole: the batch is then settled.
        await claims.settleLines(
          tx,
          claim.id,
          "written_off",
          lines.map((line) => ({ billId: line.billId, position: line.position, kobo: lineLeft(line) })),
        );
        await ledger.post(tx, {
          kind: "hmo_write_off",
          invoiceId: null,
          description: `Write-off of ${claim.hmoName}'s ${claim.month} claim batch short payment, signed off`,
          postings: [
            { accountCode: SHORT_PAYMENTS_ACCOUNT, amountKobo: amount },
            { accountCode: hmoReceivableAccount(claim.hmoId), amountKobo: -amount },
          ],
        });
      }
      await audit.record(tx, {
        actor: staff,
        action: approved && amount > 0 ? "hmo_claim.write_off_approved" : "hmo_claim.write_off_rejected",
        targetType: "hmo_claim",
        targetId: claim.id,
        summary: `${approved && amount > 0 ? "Approved" : "Rejected"} the write-off of ${formatNaira(amount)} of ${claim.hmoName}'s ${claim.month} claim batch: ${input.note}`,
        details: { write_off_id: writeOffId, amount: koboToDecimal(amount), note: input.note },
      });
      return { claimId: claim.id, writtenOff: approved && amount > 0 };
    });
    return {
      detail: decided.writtenOff ? CLAIM_MESSAGES.writeOffApproved : CLAIM_MESSAGES.writeOffRejected,
      claim: await this.claim(decided.claimId),
    };
  }
}
