import {
  ADMISSION_MESSAGES,
  formatNaira,
  formatReceiptCode,
  koboToDecimal,
  nairaToKobo,
  type Admission,
  type AdmissionDetail,
  type AdmissionLinesInput,
  type AdmissionStatus,
  type AdmitInput,
  type DepositRefundPaid,
  type DischargeInput,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { errors, isUniqueViolation } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import { owedKobo, patientPartKobo, type BillParts, type BillRecord, type BillsRepository, type BillsService } from "../bills";
import type { WalletCredits } from "../kyc-tiers";
import { BILL_DEPOSITS_ACCOUNT, type LedgerRepository } from "../ledger";
import { billPageUrl } from "../payments";
import type { WalletsRepository } from "../wallet";
import type { AdmissionRecord, AdmissionsRepository } from "./admissions.repository";

/** Where a stay's excess deposit waits when it goes back by refund rather than to a wallet (migration 0036). */
export const DEPOSIT_REFUNDS_ACCOUNT = "liability:deposit_refunds";
/** The hospital's own bank account (migration 0003), which a refund owed is paid out of. */
const HOSPITAL_BANK_ACCOUNT = "clearing:bank_transfer";

export interface AdmissionsServiceDeps {
  db: Database;
  admissions: AdmissionsRepository;
  bills: BillsService;
  billsRepository: BillsRepository;
  billParts: Pick<BillParts, "recognise">;
  ledger: LedgerRepository;
  wallets: WalletsRepository;
  /** The tier cap check every wallet credit goes through: an excess that does not fit the wallet is held. */
  walletCredits: WalletCredits;
  audit: AuditRepository;
  publicUrl: string;
  mailQueued: () => void;
}

function statusOf(bill: BillRecord): AdmissionStatus {
  if (bill.status === "cancelled") return "cancelled";
  if (bill.running) return "admitted";
  return bill.status === "paid" ? "cleared" : "awaiting_payment";
}

/**
 * Admissions (issue 37): a stay is a running bill (BillsService.openRunning) to which the ward adds lines; its
 * deposits are the bill's parts, paid by any channel through the one settlement (the bill-part purpose holds
 * them in the bill deposits); discharge stops the bill running, gives the excess back and makes the bill final
 * when the deposits covered it, so its receipt code, the discharge clearance code, is given as a paid bill's is.
 */
export class AdmissionsService {
  constructor(private readonly deps: AdmissionsServiceDeps) {}

  async admit(staff: AuthUser, input: AdmitInput): Promise<AdmissionDetail & { detail: string }> {
    const { db, admissions, audit } = this.deps;
    const lowDepositKobo = nairaToKobo(input.low_deposit);
    if (lowDepositKobo === null || lowDepositKobo < 0) throw errors.validation({ low_deposit: ["Enter a valid amount."] });
    const id = await db
      .transaction(async (tx) => {
        if ((await admissions.currentOf(tx, input.patient_id)) !== null)
          throw errors.conflict(ADMISSION_MESSAGES.alreadyAdmitted, "already_admitted");
        const bill = await this.deps.bills.openRunning(tx, staff, {
          patientId: input.patient_id,
          chargeHmo: input.charge_hmo,
          note: input.note || `Admission to ${input.ward}`,
        });
        const admissionId = await admissions.insert(tx, {
          billId: bill.id,
          patientId: input.patient_id,
          ward: input.ward,
          lowDepositKobo,
          by: staff.id,
        });
        await audit.record(tx, {
          actor: staff,
          action: "admission.created",
          targetType: "admission",
          targetId: admissionId,
          summary: `Admitted ${bill.hospitalNumber} to ${input.ward} (bill ${bill.token})`,
          details: {
            ward: input.ward,
            hospital_number: bill.hospitalNumber,
            bill: bill.token,
            hmo: bill.coverage?.hmoName ?? null,
          },
        });
        return admissionId;
      })
      .catch((error: unknown) => {
        // Two admissions of one patient at once: the one-stay index lets the first through.
        if (isUniqueViolation(error)) throw errors.conflict(ADMISSION_MESSAGES.alreadyAdmitted, "already_admitted");
        throw error;
      });
    return { detail: ADMISSION_MESSAGES.admitted, ...(await this.detail(id)) };
  }

  async addLines(staff: AuthUser, id: number, input: AdmissionLinesInput): Promise<AdmissionDetail & { detail: string }> {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      const { admission, bill } = await this.lockRunning(tx, id);
      const added = await this.deps.bills.addToRunning(tx, bill, input.items);
      const kobo = added.reduce((sum, item) => sum + item.unitPriceKobo * item.quantity, 0);
      await audit.record(tx, {
        actor: staff,
        action: "admission.lines_added",
        targetType: "admission",
        targetId: id,
        summary: `Added ${added.length} line(s) of ${formatNaira(kobo)} to ${admission.hospitalNumber}'s stay in ${admission.ward}`,
        details: { lines: added.map((item) => `${item.serviceName} × ${item.quantity}`), amount: koboToDecimal(kobo) },
      });
    });
    return { detail: ADMISSION_MESSAGES.linesAdded, ...(await this.detail(id)) };
  }

  /**
   * Discharges the patient in one transaction: the bill stops running; what the deposits paid beyond the
   * patient's part goes back, to the wallets the deposits were paid from (newest first, each up to what it
   * paid, through the tier cap check) when `excess_to` is wallet, the rest (or all, for refund) to the deposit
   * refunds account for the refund path; a bill its deposits and waivers now cover is final (revenue, its HMO
   * part a receivable, its receipt code: the clearance code). A bill they do not cover waits for the rest.
   */
  async discharge(staff: AuthUser, id: number, input: DischargeInput): Promise<AdmissionDetail & { detail: string }> {
    const { db, admissions, ledger, audit } = this.deps;
    const owed = await db.transaction(async (tx) => {
      const { admission, bill } = await this.lockRunning(tx, id);
      if (bill.totalKobo === 0) throw errors.validation({ items: [ADMISSION_MESSAGES.noLines] });
      const excess = Math.max(-owedKobo(bill), 0);
      let toWallets = 0;
      if (excess > 0 && input.excess_to === "wallet") {
        for (const part of await admissions.deposits(tx, bill.id)) {
          if (toWallets === excess) break;
          if (part.paymentMethod !== "wallet" || part.userId === null) continue;
          const kobo = Math.min(part.subtotalKobo, excess - toWallets);
          await this.toWallet(tx, bill, part, kobo);
          toWallets += kobo;
        }
      }
      const toRefund = excess - toWallets;
      if (toRefund > 0) {
        await ledger.post(tx, {
          kind: "deposit_refund_due",
          invoiceId: null,
          description: `Stay ${id} (bill ${bill.token}): ${formatNaira(toRefund)} of its deposits owed back by refund at discharge`,
          postings: [
            { accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: toRefund },
            { accountCode: DEPOSIT_REFUNDS_ACCOUNT, amountKobo: -toRefund },
          ],
        });
      }
      const after = await this.deps.billsRepository.stopRunning(tx, bill, excess);
      if (after.status === "paid")
        await this.deps.billParts.recognise(
          tx,
          { fits: true, nowPaid: true, bill: after },
          { id: null, reference: `discharge of stay ${id}` },
        );
      await admissions.discharge(tx, id, staff.id, toWallets, toRefund);
      const left = owedKobo(after);
      await audit.record(tx, {
        actor: staff,
        action: "admission.discharged",
        targetType: "admission",
        targetId: id,
        summary: `Discharged ${admission.hospitalNumber} from ${admission.ward}: charges ${formatNaira(patientPartKobo(bill))}, deposits ${formatNaira(bill.paidKobo)}${excess > 0 ? `, ${formatNaira(excess)} given back` : ""}${left > 0 ? `, ${formatNaira(left)} still to pay` : ""}`,
        details: {
          charges: koboToDecimal(patientPartKobo(bill)),
          deposits: koboToDecimal(bill.paidKobo),
          to_wallets: koboToDecimal(toWallets),
          to_refund: koboToDecimal(toRefund),
          still_to_pay: koboToDecimal(left),
        },
      });
      return left;
    });
    this.deps.mailQueued();
    const detail = owed > 0 ? ADMISSION_MESSAGES.dischargedOwing(formatNaira(owed)) : ADMISSION_MESSAGES.discharged;
    return { detail, ...(await this.detail(id)) };
  }

  /**
   * An officer records the bank transfer that paid a stay's excess deposit back to its payers: the deposit refunds
   * account is cleared against the hospital's bank account, once.
   */
  async refundPaid(staff: AuthUser, id: number, input: DepositRefundPaid): Promise<AdmissionDetail & { detail: string }> {
    const { db, admissions, ledger, audit } = this.deps;
    await db.transaction(async (tx) => {
      const admission = await admissions.lock(tx, id);
      if (!admission) throw errors.notFound(ADMISSION_MESSAGES.notFound);
      if (admission.toRefundKobo === 0) throw errors.conflict(ADMISSION_MESSAGES.noRefundOwed, "no_refund_owed");
      if (admission.refundPaid) throw errors.conflict(ADMISSION_MESSAGES.refundAlreadyPaid, "refund_paid");
      await admissions.refundPaid(tx, id, staff.id, input.bank_reference);
      await ledger.post(tx, {
        kind: "deposit_refund_paid",
        invoiceId: null,
        description: `Stay ${id} (bill ${admission.billToken}): ${formatNaira(admission.toRefundKobo)} of its deposits paid back by transfer ${input.bank_reference}`,
        postings: [
          { accountCode: DEPOSIT_REFUNDS_ACCOUNT, amountKobo: admission.toRefundKobo },
          { accountCode: HOSPITAL_BANK_ACCOUNT, amountKobo: -admission.toRefundKobo },
        ],
      });
      await audit.record(tx, {
        actor: staff,
        action: "admission.refund_paid",
        targetType: "admission",
        targetId: id,
        summary: `Paid back ${formatNaira(admission.toRefundKobo)} of ${admission.hospitalNumber}'s deposits by transfer ${input.bank_reference}`,
        details: { amount: koboToDecimal(admission.toRefundKobo), bank_reference: input.bank_reference },
      });
    });
    return { detail: ADMISSION_MESSAGES.refundPaid, ...(await this.detail(id)) };
  }

  /** An excess given back onto a wallet deposit's payment: the wallet credited (or the credit held over its cap). */
  private async toWallet(
    tx: Queryable,
    bill: BillRecord,
    part: { invoiceId: number; reference: string; userId: number | null },
    kobo: number,
  ): Promise<void> {
    const { wallets, walletCredits, ledger } = this.deps;
    const credit = await walletCredits.creditOrHold(tx, {
      userId: part.userId!,
      amountKobo: kobo,
      source: { kind: "refund", invoiceId: part.invoiceId, reference: part.reference },
    });
    await wallets.insertMovement(tx, {
      walletId: (await wallets.ensure(part.userId!, tx)).id,
      invoiceId: part.invoiceId,
      type: "credit",
      amountKobo: kobo,
      status: credit.to === "wallet" ? "completed" : "held",
    });
    await ledger.post(tx, {
      kind: "deposit_return",
      invoiceId: part.invoiceId,
      description: `Deposit ${part.reference} to bill ${bill.token}: ${formatNaira(kobo)} not used by the stay, back to the wallet`,
      postings: [
        { accountCode: BILL_DEPOSITS_ACCOUNT, amountKobo: kobo },
        { accountCode: credit.accountCode, amountKobo: -kobo },
      ],
    });
  }

  /** The stay and its bill, both locked (the stay first), while the patient is still in the ward. */
  private async lockRunning(tx: Queryable, id: number) {
    const admission = await this.deps.admissions.lock(tx, id);
    if (!admission) throw errors.notFound(ADMISSION_MESSAGES.notFound);
    const bill = (await this.deps.billsRepository.lockById(tx, admission.billId))!;
    if (admission.dischargedAt !== null || !bill.running)
      throw errors.conflict(ADMISSION_MESSAGES.alreadyDischarged, "admission_closed");
    return { admission, bill };
  }

  async list(current: boolean): Promise<{ results: Admission[] }> {
    const rows = await this.deps.admissions.list(current);
    const bills = await this.deps.billsRepository.findByIds(rows.map((row) => row.billId));
    return { results: rows.map((row) => this.view(row, bills.get(Number(row.billId))!)) };
  }

  async detail(id: number): Promise<AdmissionDetail> {
    const admission = await this.deps.admissions.find(id);
    if (!admission) throw errors.notFound(ADMISSION_MESSAGES.notFound);
    const bill = (await this.deps.billsRepository.findById(admission.billId))!;
    return { admission: this.view(admission, bill), bill: await this.deps.bills.staffBill(bill.token) };
  }

  private view(admission: AdmissionRecord, bill: BillRecord): Admission {
    const balance = -owedKobo(bill);
    return {
      id: admission.id,
      status: statusOf(bill),
      ward: admission.ward,
      patient: { id: admission.patientId, hospital_number: admission.hospitalNumber, name: admission.patientName },
      admitted_at: admission.admittedAt.toISOString(),
      admitted_by: admission.admittedByName,
      discharged_at: admission.dischargedAt?.toISOString() ?? null,
      charges: koboToDecimal(patientPartKobo(bill)),
      hmo_part: koboToDecimal(bill.hmoKobo),
      deposits: koboToDecimal(bill.paidKobo),
      waived: koboToDecimal(bill.waivedKobo),
      balance: koboToDecimal(balance),
      low_deposit: koboToDecimal(admission.lowDepositKobo),
      deposit_low: bill.running && balance < admission.lowDepositKobo,
      returned_to_wallets: koboToDecimal(admission.toWalletsKobo),
      owed_by_refund: koboToDecimal(admission.toRefundKobo),
      refund_paid: admission.refundPaid && {
        at: new Date(admission.refundPaid.at).toISOString(),
        by: admission.refundPaid.by,
        reference: admission.refundPaid.reference,
      },
      bill_token: bill.token,
      pay_url: billPageUrl(this.deps.publicUrl, bill.token),
      clearance_code: bill.receiptCode ? formatReceiptCode(bill.receiptCode) : null,
    };
  }
}
