import { randomBytes } from "node:crypto";
import {
  ADMISSION_MESSAGES,
  CHARGE_FEE_KOBO,
  DEFAULT_LOCALE,
  formatNaira,
  formatReceiptCode,
  HMO_MESSAGES,
  koboToDecimal,
  MAX_TOTAL_KOBO,
  MESSAGES,
  nairaToKobo,
  ruleFor,
  splitLine,
  watDay,
  type BillListQuery,
  type CheckoutResponse,
  type CreateBillInput,
  type Locale,
  type PayBillInput,
  type PublicBill,
  type ServiceRecord,
  type StaffBill,
} from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/database";
import { AppError, errors, type FieldErrors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { AuditRepository } from "../audit";
import type { CatalogueService } from "../catalogue";
import type { HmosRepository } from "../hmos";
import type { PatientsRepository } from "../patients";
import { type MailRepository, billLinkMail } from "../mail";
import { textableNumber, type SmsService } from "../sms";
import { type CheckoutService, type NewInvoiceItem, billPageUrl } from "../payments";
import type { RefundsService } from "../refunds";
import type { WalletService } from "../wallet";
import { billPartName, type BillParts } from "./bill-parts";
import type { BillWaiversService } from "./bill-waivers.service";
import {
  owedKobo,
  type BillItemRecord,
  type BillPartRecord,
  type BillRecord,
  type BillsRepository,
  type NewBillItem,
} from "./bills.repository";

/** A new bill's patient, resolved from the register or the typed details. */
type BillPatient = Omit<CreateBillInput, "hospital_number" | "patient_name" | "patient_phone" | "locale"> & {
  patient_id: number | null;
  hospital_number: string;
  patient_name: string;
  patient_phone: string;
  locale: Locale;
};

export interface BillsServiceDeps {
  db: Database;
  bills: BillsRepository;
  /** The patient register a bill's patient is picked from. */
  patients: Pick<PatientsRepository, "findById" | "findByHospitalNumber">;
  catalogue: CatalogueService;
  /** The HMO enrolment a bill's patient has on the day it is raised, which splits its lines (issue 37). */
  hmos: Pick<HmosRepository, "coverageOn">;
  /** Recognises a bill the HMO covers whole, paid as it is raised. */
  billParts: Pick<BillParts, "recognise">;
  checkout: CheckoutService;
  wallet: WalletService;
  refunds: RefundsService;
  /** The bill's discounts and waivers: listed with it, withdrawn and reversed when it is cancelled. */
  waivers: Pick<BillWaiversService, "ofBill" | "cancelled">;
  audit: AuditRepository;
  mail: MailRepository;
  /** A new bill's link by SMS to the patient's phone. */
  sms: SmsService;
  /** The web app's address: a bill's page is `{publicUrl}/pay/{token}`. */
  publicUrl: string;
  /** The least a part may be, unless less is left to pay. */
  minPartKobo: number;
  mailQueued: () => void;
  log: FastifyBaseLogger;
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** A new bill token: 20 base32 characters, 100 bits from the system's random source. */
export function newBillToken(): string {
  const bytes = randomBytes(13);
  let bits = 0;
  let value = 0;
  let token = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && token.length < 20) {
      token += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return token;
}

/** A person's first name, the only part of a payer's name others are shown. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** A phone number as a payer is shown it: its last four digits ("•••••••8899"). */
export const maskPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, "");
  return `${"•".repeat(Math.max(digits.length - 4, 3))}${digits.slice(-4)}`;
};

/** An e-mail address as a payer is shown it: its first character and its domain ("k•••@example.ng"). */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "•••" : `${email[0]}•••${email.slice(at)}`;
};

/**
 * Where a paid bill's receipt code went (BillParts.recognise): by SMS to the patient's phone when it can
 * take one, by e-mail when the bill has an address; masked, for the bill's public page.
 */
function codeSentTo(bill: BillRecord) {
  if (bill.status !== "paid" || !bill.receiptCode) return null;
  return {
    phone: textableNumber(bill.patientPhone) ? maskPhone(bill.patientPhone) : null,
    email: bill.patientEmail ? maskEmail(bill.patientEmail) : null,
  };
}

function itemView(item: BillItemRecord) {
  return {
    service_id: item.serviceId,
    service_name: item.serviceName,
    department: item.departmentName,
    quantity: item.quantity,
    unit_price: koboToDecimal(item.unitPriceKobo),
    line_total: koboToDecimal(item.lineTotalKobo),
    open_price: item.openPrice,
    price_note: item.priceNote,
    hmo_part: koboToDecimal(item.hmoKobo),
    copay: koboToDecimal(item.copayKobo),
    preauth_code: item.preauthCode,
  };
}

const receiptCodeOf = (bill: BillRecord) => (bill.receiptCode ? formatReceiptCode(bill.receiptCode) : null);

/** A bill's head as the staff list shows it. */
function staffBillHead(bill: BillRecord, publicUrl: string): Omit<StaffBill, "items" | "parts" | "waivers"> {
  return {
    token: bill.token,
    patient_id: bill.patientId,
    pay_url: billPageUrl(publicUrl, bill.token),
    status: bill.status,
    hospital_number: bill.hospitalNumber,
    patient_name: bill.patientName,
    patient_phone: bill.patientPhone,
    patient_email: bill.patientEmail,
    note: bill.note,
    due_date: bill.dueDate,
    total: koboToDecimal(bill.totalKobo),
    paid: koboToDecimal(bill.paidKobo),
    waived: koboToDecimal(bill.waivedKobo),
    hmo_part: koboToDecimal(bill.hmoKobo),
    coverage: bill.coverage && {
      hmo_id: bill.coverage.hmoId,
      hmo_name: bill.coverage.hmoName,
      plan_name: bill.coverage.planName,
      enrollee_id: bill.coverage.enrolleeId,
    },
    left: koboToDecimal(Math.max(owedKobo(bill), 0)),
    running: bill.running,
    returned: koboToDecimal(bill.returnedKobo),
    created_by: { id: bill.createdById, name: bill.createdByName, email: bill.createdByEmail },
    created_at: bill.createdAt.toISOString(),
    paid_at: isoOrNull(bill.paidAt),
    cancelled_at: isoOrNull(bill.cancelledAt),
    cancel_reason: bill.cancelReason,
    receipt_code: receiptCodeOf(bill),
  };
}

function staffPartView(part: BillPartRecord) {
  return {
    reference: part.reference,
    payer_name: part.customerName,
    payer_email: part.customerEmail,
    payer_phone: part.customerPhone,
    payment_method: part.paymentMethod,
    status: part.status,
    amount: koboToDecimal(part.subtotalKobo),
    charge_fee: koboToDecimal(part.chargeFeeKobo),
    in_review: part.inReview,
    created_at: part.createdAt.toISOString(),
    paid_at: isoOrNull(part.paidAt),
  };
}

/**
 * Bills raised by staff for a patient (lines priced from the catalogue) and paid from their link in parts,
 * by anyone: each part is an ordinary payment (CheckoutService's gateway start, or WalletService's wallet
 * payment) of one line, "Part payment of bill …", linked to the bill; the settlement adds it to the bill
 * behind the bill's row lock (BillParts). A part is one line rather than the bill's lines pro rata: a
 * part of an amount the payer chooses does not divide into whole services, and pro rata lines would
 * carry fractions of quantities and rounding kobo; the bill's own lines stay on the bill. The staff
 * dashboards count a part under the bill's lines' departments from the split BillParts.apply makes when it
 * settles (migration 0030). The line's service id `bill:{token}` is an internal key (the receipt e-mail finds
 * the bill's page by it); everything shown names the bill's lines (billPartName), never the token.
 */
export class BillsService {
  constructor(private readonly deps: BillsServiceDeps) {}

  async create(staff: AuthUser, body: CreateBillInput): Promise<{ detail: string; bill: StaffBill }> {
    const items = await this.priceItems(body.items);
    const total = items.reduce((sum, item) => sum + item.unitPriceKobo * item.quantity, 0);
    if (total > MAX_TOTAL_KOBO) throw errors.validation({ items: [MESSAGES.bills.tooLarge(formatNaira(MAX_TOTAL_KOBO))] });
    const { db, bills, audit, mail, publicUrl } = this.deps;
    const token = newBillToken();
    const link = billPageUrl(publicUrl, token);
    const queued = await db.transaction(async (tx) => {
      const input = await this.patientOf(tx, body);
      const enrolmentId =
        body.charge_hmo && input.patient_id !== null ? await this.splitByHmo(tx, input.patient_id, body.items, items) : null;
      const id = await bills.insert(
        tx,
        {
          token,
          patientId: input.patient_id,
          hospitalNumber: input.hospital_number,
          patientName: input.patient_name,
          patientPhone: input.patient_phone,
          patientEmail: input.patient_email,
          note: input.note,
          dueDate: input.due_date,
          createdBy: staff.id,
          locale: input.locale,
          enrolmentId,
        },
        items,
      );
      const hmoKobo = items.reduce((sum, item) => sum + item.hmoKobo, 0);
      // What the bill's link asks the patient for: their part (the HMO is claimed for the rest).
      const patientKobo = total - hmoKobo;
      await audit.record(tx, {
        actor: staff,
        action: "bill.created",
        targetType: "bill",
        targetId: token,
        summary: `Raised bill ${token} of ${formatNaira(total)} for ${input.hospital_number}`,
        details: {
          total: koboToDecimal(total),
          hmo_part: koboToDecimal(hmoKobo),
          lines: items.length,
          hospital_number: input.hospital_number,
        },
      });
      if (patientKobo === 0) {
        // Covered whole by the HMO: nothing for the patient to pay, so no link; the bill is final now, and its
        // receipt code goes to the patient as a paid bill's does.
        const bill = (await bills.findById(id, tx))!;
        await this.deps.billParts.recognise(
          tx,
          { fits: true, nowPaid: true, bill },
          { id: null, reference: `HMO cover ${token}` },
        );
        return true;
      }
      if (input.patient_email) {
        await mail.enqueue(
          billLinkMail(
            input.patient_email,
            input.patient_name,
            {
              token,
              totalKobo: patientKobo,
              dueDate: input.due_date,
              link,
            },
            input.locale,
          ),
          tx,
        );
      }
      const texted = await this.deps.sms.billLink(tx, { token, patientPhone: input.patient_phone, totalKobo: patientKobo, link });
      return texted || Boolean(input.patient_email);
    });
    if (queued) this.deps.mailQueued();
    return { detail: MESSAGES.bills.created, bill: await this.staffBill(token) };
  }

  /**
   * Splits each line by the plan of the HMO enrolment the patient has today (WAT), if any: the HMO's part and
   * the patient's co-payment (splitLine). A line whose rule asks for the HMO's pre-authorisation code is charged
   * to the HMO only with one: without it the whole bill is refused, naming every such line. Returns the
   * enrolment's id, or null for a patient enrolled with no HMO today (the lines stay the patient's whole).
   */
  private async splitByHmo(
    tx: Queryable,
    patientId: number,
    typed: ReadonlyArray<{ preauth_code?: string | null }>,
    items: NewBillItem[],
    onlyEnrolment: number | null = null,
  ): Promise<number | null> {
    const covered = await this.deps.hmos.coverageOn(patientId, watDay(new Date().toISOString()), tx);
    // A running bill's lines are the HMO's only under the enrolment the admission was split by, while it lasts.
    if (!covered || (onlyEnrolment !== null && covered.enrolment.id !== onlyEnrolment)) return null;
    const fields: FieldErrors = {};
    items.forEach((item, index) => {
      const rule = ruleFor(covered.coverage, item);
      const split = splitLine(item.unitPriceKobo * item.quantity, rule);
      const code = typed[index]?.preauth_code ?? null;
      if (split.hmoKobo > 0 && rule.preauthRequired && code === null)
        fields[`items.${index}.preauth_code`] = [HMO_MESSAGES.preauthNeeded(item.serviceName, covered.enrolment.hmoName)];
      item.hmoKobo = split.hmoKobo;
      item.copayKobo = split.copayKobo;
      item.preauthCode = split.hmoKobo > 0 ? code : null;
    });
    if (Object.keys(fields).length > 0) throw errors.validation(fields, "Some lines of the bill could not be accepted.");
    return covered.enrolment.id;
  }

  /**
   * An admission's running bill for a register patient, with no lines yet (issue 37): split by the HMO
   * enrolment the patient has today unless `chargeHmo` is false. Written in the caller's transaction.
   */
  async openRunning(
    tx: Queryable,
    staff: AuthUser,
    admission: { patientId: number; chargeHmo: boolean; note: string },
  ): Promise<BillRecord> {
    const body = {
      patient_id: admission.patientId,
      patient_email: null,
      note: admission.note,
      due_date: null,
      items: [],
      charge_hmo: admission.chargeHmo,
      locale: null,
    } satisfies CreateBillInput;
    const input = await this.patientOf(tx, body);
    const covered = admission.chargeHmo
      ? await this.deps.hmos.coverageOn(admission.patientId, watDay(new Date().toISOString()), tx)
      : null;
    const id = await this.deps.bills.insert(
      tx,
      {
        token: newBillToken(),
        patientId: input.patient_id,
        hospitalNumber: input.hospital_number,
        patientName: input.patient_name,
        patientPhone: input.patient_phone,
        patientEmail: input.patient_email,
        note: input.note,
        dueDate: null,
        createdBy: staff.id,
        locale: input.locale,
        enrolmentId: covered?.enrolment.id ?? null,
        running: true,
      },
      [],
    );
    return (await this.deps.bills.findById(id, tx))!;
  }

  /**
   * Prices lines from the catalogue and adds them to a running bill (its row locked by the caller), split by
   * the bill's HMO enrolment as a new bill's are (a line that needs the HMO's code is refused without one).
   * Returns the lines added.
   */
  async addToRunning(tx: Queryable, bill: BillRecord, typed: CreateBillInput["items"]): Promise<NewBillItem[]> {
    if (!bill.running) throw errors.conflict(MESSAGES.bills.notOpen, "bill_not_running");
    const items = await this.priceItems(typed);
    const added = items.reduce((sum, item) => sum + item.unitPriceKobo * item.quantity, 0);
    if (bill.totalKobo + added > MAX_TOTAL_KOBO)
      throw errors.validation({ items: [MESSAGES.bills.tooLarge(formatNaira(MAX_TOTAL_KOBO))] });
    if (bill.enrolmentId !== null && bill.patientId !== null)
      await this.splitByHmo(tx, bill.patientId, typed, items, bill.enrolmentId);
    await this.deps.bills.appendItems(tx, bill, items);
    return items;
  }

  /**
   * The bill's patient: the register's patient it names (their hospital number, name, phone, e-mail and
   * language), or the typed details, linked to the register's patient of that hospital number if any.
   */
  private async patientOf(tx: Queryable, body: CreateBillInput): Promise<BillPatient> {
    const { patients } = this.deps;
    if (body.patient_id !== null) {
      const patient = await patients.findById(body.patient_id, tx);
      if (!patient) throw errors.validation({ patient_id: [MESSAGES.bills.unknownPatient] });
      return {
        ...body,
        patient_id: patient.id,
        hospital_number: patient.hospitalNumber,
        patient_name: [patient.firstName, patient.otherNames, patient.lastName].filter(Boolean).join(" "),
        patient_phone: patient.phone,
        patient_email: body.patient_email ?? (patient.email || null),
        locale: body.locale ?? (patient.language as Locale),
      };
    }
    const hospitalNumber = body.hospital_number!;
    const registered = await patients.findByHospitalNumber(tx, hospitalNumber);
    return {
      ...body,
      patient_id: registered?.id ?? null,
      hospital_number: hospitalNumber,
      patient_name: body.patient_name!,
      patient_phone: body.patient_phone!,
      locale: body.locale ?? (registered ? (registered.language as Locale) : DEFAULT_LOCALE),
    };
  }

  /**
   * Each line from the catalogue: a fixed-price service at the provider's price (a price sent for it must
   * be that price), an open-price one at the price typed, with a note.
   */
  private async priceItems(items: CreateBillInput["items"]): Promise<NewBillItem[]> {
    const catalogue = await this.deps.catalogue.servicesById(items.map((item) => item.service_id));
    const fields: FieldErrors = {};
    const priced: NewBillItem[] = [];
    items.forEach((item, index) => {
      const at = `items.${index}`;
      const record: ServiceRecord | undefined = catalogue.get(String(item.service_id));
      if (!record) {
        fields[`${at}.service_id`] = [MESSAGES.bills.unknownService(String(item.service_id))];
        return;
      }
      const typed = item.price === null || item.price === undefined ? null : nairaToKobo(item.price);
      const openPrice = String(record.fixed_price).toLowerCase() === "no";
      let unit: number;
      if (openPrice) {
        if (typed === null || typed <= 0) {
          fields[`${at}.price`] = [MESSAGES.bills.openPriceNeeded(record.name)];
          return;
        }
        if (!item.price_note) {
          fields[`${at}.price_note`] = [MESSAGES.bills.openPriceNote(record.name)];
          return;
        }
        unit = typed;
      } else {
        const cataloguePrice = nairaToKobo(record.price);
        if (cataloguePrice === null || cataloguePrice <= 0) {
          fields[`${at}.service_id`] = [MESSAGES.bills.notPayableOnline(record.name)];
          return;
        }
        if (typed !== null && typed !== cataloguePrice) {
          fields[`${at}.price`] = [MESSAGES.bills.fixedPriceGiven(record.name)];
          return;
        }
        unit = cataloguePrice;
      }
      priced.push({
        serviceId: String(record.id),
        serviceName: record.name,
        departmentName: record.department?.name ?? null,
        quantity: item.quantity,
        unitPriceKobo: unit,
        openPrice,
        priceNote: openPrice ? item.price_note : null,
        hmoKobo: 0,
        copayKobo: 0,
        preauthCode: null,
      });
    });
    if (Object.keys(fields).length > 0) throw errors.validation(fields, "Some lines of the bill could not be accepted.");
    return priced;
  }

  async list(query: BillListQuery) {
    const { count, rows } = await this.deps.bills.search({
      q: query.q,
      status: query.status ?? null,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      count,
      page: query.page,
      page_size: query.page_size,
      results: rows.map((bill) => staffBillHead(bill, this.deps.publicUrl)),
    };
  }

  /** A bill with its lines and every payment made towards it (payer, method, state). */
  async staffBill(token: string): Promise<StaffBill> {
    const bill = await this.deps.bills.findByToken(token);
    if (!bill) throw errors.notFound(MESSAGES.bills.notFound);
    const [items, parts, waivers] = await Promise.all([
      this.deps.bills.itemsOf(bill.id),
      this.deps.bills.partsOf(bill.id),
      this.deps.waivers.ofBill(bill.id),
    ]);
    return { ...staffBillHead(bill, this.deps.publicUrl), items: items.map(itemView), parts: parts.map(staffPartView), waivers };
  }

  /**
   * Cancels an open bill (nothing or part paid), audited. No further part can start, and one still being
   * paid through a gateway goes to the review queue when it settles. Then each part already paid is
   * refunded on its own through the refunds path (its approval threshold applies), in its own transaction
   * after the cancellation committed (the refund locks the part's invoice; the settlement locks the invoice,
   * then the bill, and the two orders must not meet). An agent may not refund: the parts are listed for
   * an admin.
   */
  async cancel(staff: AuthUser, token: string, reason: string) {
    const { db, bills, audit, refunds, log } = this.deps;
    const bill = await db.transaction(async (tx) => {
      const locked = await bills.lockByToken(tx, token);
      if (!locked) throw errors.notFound(MESSAGES.bills.notFound);
      if (locked.status === "cancelled") throw errors.conflict(MESSAGES.bills.alreadyCancelled, "bill_cancelled");
      if (locked.status === "paid") throw errors.conflict(MESSAGES.bills.cannotCancelPaid, "bill_paid");
      if (locked.running) throw errors.conflict(ADMISSION_MESSAGES.runningBill, "bill_running");
      await bills.cancel(tx, locked.id, staff.id, reason);
      await this.deps.waivers.cancelled(tx, staff, locked);
      await audit.record(tx, {
        actor: staff,
        action: "bill.cancelled",
        targetType: "bill",
        targetId: token,
        summary: `Cancelled bill ${token} of ${formatNaira(locked.totalKobo)} (${formatNaira(locked.paidKobo)} paid): ${reason}`,
        details: { total: koboToDecimal(locked.totalKobo), paid: koboToDecimal(locked.paidKobo), reason },
      });
      return locked;
    });
    const paid = await bills.partsOf(bill.id, { completedOnly: true });
    const mayRefund = staff.role === "ADMIN" || staff.role === "SUPERADMIN";
    const answers = [];
    for (const part of paid) {
      let status: string | null = null;
      if (mayRefund) {
        try {
          const { body } = await refunds.request(staff, part.reference, `Bill ${token} cancelled: ${reason}`.slice(0, 500));
          status = body.refund.status;
        } catch (error) {
          // The part stays listed for a refund by hand; the cancellation stands.
          if (!(error instanceof AppError)) throw error;
          log.warn({ err: error, reference: part.reference }, "a cancelled bill's part could not be refunded");
        }
      }
      answers.push({
        reference: part.reference,
        amount: koboToDecimal(part.subtotalKobo + part.chargeFeeKobo),
        refund_status: status,
      });
    }
    return { detail: MESSAGES.bills.cancelled, bill: await this.staffBill(token), refunds: answers };
  }

  /**
   * A bill as anyone holding its link sees it: no contact details, each payer by first name only, and
   * never its receipt code (what items are given against, for the patient and staff): once paid, only
   * where that code was sent.
   */
  async publicBill(token: string): Promise<PublicBill> {
    const { bills } = this.deps;
    const bill = await bills.findByToken(token);
    if (!bill) throw errors.notFound(MESSAGES.bills.notFound);
    const [items, parts] = await Promise.all([bills.itemsOf(bill.id), bills.partsOf(bill.id, { completedOnly: true })]);
    // A running bill's deposits may run ahead of its charges: nothing is left to pay then.
    const left = Math.max(owedKobo(bill), 0);
    return {
      token: bill.token,
      status: bill.status,
      patient_first_name: firstName(bill.patientName),
      note: bill.note,
      due_date: bill.dueDate,
      total: koboToDecimal(bill.totalKobo),
      paid: koboToDecimal(bill.paidKobo),
      waived: koboToDecimal(bill.waivedKobo),
      hmo_part: koboToDecimal(bill.hmoKobo),
      hmo_name: bill.coverage?.hmoName ?? null,
      left: koboToDecimal(left),
      min_part: koboToDecimal(bill.running ? this.deps.minPartKobo : Math.min(this.deps.minPartKobo, left)),
      running: bill.running,
      charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
      created_at: bill.createdAt.toISOString(),
      code_sent_to: codeSentTo(bill),
      locale: bill.locale,
      // An open price's note and a pre-authorisation code are for staff.
      items: items.map((item) => {
        const { price_note: _staffNote, preauth_code: _code, ...shown } = itemView(item);
        return shown;
      }),
      parts: parts.map((part) => ({
        payer_first_name: firstName(part.customerName),
        amount: koboToDecimal(part.subtotalKobo),
        payment_method: part.paymentMethod,
        paid_at: (part.paidAt ?? part.createdAt).toISOString(),
      })),
    };
  }

  /**
   * A part of a bill about to be paid, whatever pays it (a payer online, the desk): the bill open, the amount
   * at least the minimum (or exactly the rest, when less is left) and never more than is left now, and the
   * part's one line, named by the bill's lines. The settling transaction checks it again behind the bill's lock.
   */
  async part(token: string, amountInput: string | number) {
    const bill = await this.deps.bills.findByToken(token);
    if (!bill) throw errors.notFound(MESSAGES.bills.notFound);
    if (bill.status !== "open") throw errors.conflict(MESSAGES.bills.notOpen, "bill_not_open");
    const amount = nairaToKobo(amountInput);
    const left = owedKobo(bill);
    if (amount === null || amount <= 0) throw errors.validation({ amount: ["Enter a valid amount."] });
    if (bill.running) {
      // A deposit for an admission's stay: any amount from the minimum, however far it runs ahead of the charges.
      if (amount < this.deps.minPartKobo)
        throw errors.validation({ amount: [MESSAGES.bills.partTooSmall(formatNaira(this.deps.minPartKobo))] });
    } else if (amount > left) throw errors.validation({ amount: [MESSAGES.bills.partTooLarge(formatNaira(left))] });
    else if (left < this.deps.minPartKobo && amount !== left)
      throw errors.validation({ amount: [MESSAGES.bills.partMustBeRest(formatNaira(left))] });
    else if (amount < Math.min(this.deps.minPartKobo, left))
      throw errors.validation({ amount: [MESSAGES.bills.partTooSmall(formatNaira(this.deps.minPartKobo))] });
    if (amount + CHARGE_FEE_KOBO > MAX_TOTAL_KOBO)
      throw errors.validation({ amount: [`A single payment cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`] });
    const description = billPartName(bill.patientName, await this.deps.bills.itemsOf(bill.id));
    const line: NewInvoiceItem = {
      serviceId: `bill:${bill.token}`,
      serviceName: description,
      description: "",
      headCode: null,
      serviceTypeId: null,
      departmentName: null,
      category: null,
      fixedPrice: false,
      unitPriceKobo: amount,
      qty: 1,
    };
    return { bill, amount, line, description };
  }

  /**
   * Pays a part (see part()). A wallet part is added to the bill in the payment's transaction and refused when
   * it no longer fits; a gateway part is checked again when it settles, and a bank transfer part when staff
   * confirm it (one its bill no longer needs then is held in review for a refund). `locale` is the paying
   * request's language, kept with the part's payment.
   */
  async pay(token: string, input: PayBillInput, user: AuthUser | null, locale: Locale = DEFAULT_LOCALE) {
    const { bill, line, description } = await this.part(token, input.amount);
    const payer = { name: input.payer_name, email: input.payer_email, phone: input.payer_phone };
    if (input.payment_method === "wallet") {
      if (!user) throw errors.notAuthenticated();
      return this.deps.wallet.payBillPart(
        user,
        { billId: bill.id, subtotalKobo: line.unitPriceKobo, line, payer },
        bill.hospitalNumber,
        description,
        locale,
      );
    }
    // The answer has the shape checkout's gateway answers have (the payments route reads it the same way).
    return (await this.deps.checkout.startBillPart(
      { billId: bill.id, line, method: input.payment_method, payer, hospitalNumber: bill.hospitalNumber, description },
      user,
      locale,
    )) as CheckoutResponse;
  }
}
