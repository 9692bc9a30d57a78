import type { BaseContext, ModuleContext } from "../../lib/module-context";
import type { LedgerRepository } from "../ledger";
import type { MailRepository } from "../mail";
import type { PaymentReceiptDeps, PurposeRegistry } from "../payments";
import type { SmsService } from "../sms";
import { billPartPurpose } from "./bill-part.purpose";
import { BillParts } from "./bill-parts";
import { BillsRepository } from "./bills.repository";
import { billsRoutes } from "./bills.routes";
import { BillsService, type BillsServiceDeps } from "./bills.service";

export { billPartPurpose } from "./bill-part.purpose";
export { BillParts } from "./bill-parts";
export { BillsRepository } from "./bills.repository";
export type { PartOutcome } from "./bills.repository";
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
  deps: Omit<BillsServiceDeps, "db" | "bills" | "publicUrl" | "minPartKobo" | "mailQueued" | "log"> & {
    billsRepository: BillsRepository;
  },
) {
  const { billsRepository, ...services } = deps;
  const bills = new BillsService({
    ...services,
    db: ctx.db,
    bills: billsRepository,
    publicUrl: ctx.publicUrl,
    minPartKobo: ctx.env.BILL_MIN_PART_NAIRA * 100,
    mailQueued: ctx.mailQueued,
    log: ctx.log,
  });
  await ctx.app.register(billsRoutes, { bills });
  return { bills };
}
