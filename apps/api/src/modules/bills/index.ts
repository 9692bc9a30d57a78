export { BILL_DEPOSITS_ACCOUNT, BillParts } from "./bill-parts";
export { BillsRepository } from "./bills.repository";
export type { PartOutcome } from "./bills.repository";
export { billsRoutes } from "./bills.routes";
export { BillsService } from "./bills.service";
