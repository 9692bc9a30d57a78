import type { BaseContext, ModuleContext } from "../../lib/module-context";
import type { LedgerRepository } from "../ledger";
import type { MailRepository } from "../mail";
import type { PaymentReceiptDeps, PurposeRegistry } from "../payments";
import type { SmsService } from "../sms";
import type { AuditRepository } from "../audit";
import type { StaffDeskRepository } from "../staff-desk";
import { billPartPurpose } from "./bill-part.purpose";
import { BillWaiversRepository } from "./bill-waivers.repository";
import { billWaiversRoutes } from "./bill-waivers.routes";
import { BillWaiversService } from "./bill-waivers.service";
import { BillParts } from "./bill-parts";
import { BillsRepository } from "./bills.repository";
import { billsRoutes } from "./bills.routes";
import { BillsService, type BillsServiceDeps } from "./bills.service";

export { billPartPurpose } from "./bill-part.purpose";
export { BillParts } from "./bill-parts";
export { partShares } from "./bill-part-shares";
export { BillsRepository, owedKobo, patientPartKobo } from "./bills.repository";
export type { BillRecord, PartOutcome } from "./bills.repository";
export type { BillsService } from "./bills.service";

/** The bills and their parts, and the bill-part purpose settlement and wallet payments add to them by. */
export function create(
  ctx: BaseContext,
  deps: {
    ledger: LedgerRepository;
    mail: MailRepository;
    sms: SmsService;
    purposes: PurposeRegistry;
    paymentReceipts: PaymentReceiptDeps;
  },
) {
  const billsRepository = new BillsRepository(ctx.db);
  const billParts = new BillParts(billsRepository, deps.ledger, deps.mail, ctx.publicUrl, deps.sms);
  deps.purposes.register(billPartPurpose(billParts, deps.paymentReceipts));
  return { billsRepository, billParts };
}

/** Bills staff raise for a patient, paid in parts from their link; their search and cancellation. */
export async function register(
  ctx: ModuleContext,
  deps: Omit<BillsServiceDeps, "db" | "bills" | "publicUrl" | "minPartKobo" | "mailQueued" | "log" | "waivers"> & {
    billsRepository: BillsRepository;
    billParts: BillParts;
    desks: StaffDeskRepository;
    ledger: LedgerRepository;
    audit: AuditRepository;
  },
) {
  const { billsRepository, billParts, desks, ledger, ...services } = deps;
  const waivers = new BillWaiversService({
    db: ctx.db,
    bills: billsRepository,
    waivers: new BillWaiversRepository(ctx.db),
    billParts,
    desks,
    ledger,
    audit: deps.audit,
    mailQueued: ctx.mailQueued,
  });
  const bills = new BillsService({
    ...services,
    billParts,
    waivers,
    db: ctx.db,
    bills: billsRepository,
    publicUrl: ctx.publicUrl,
    minPartKobo: ctx.env.BILL_MIN_PART_NAIRA * 100,
    mailQueued: ctx.mailQueued,
    log: ctx.log,
  });
  await ctx.app.register(billsRoutes, { bills });
  await ctx.app.register(billWaiversRoutes, { waivers });
  return { bills, waivers };
}
