export { receiptLinkRoutes } from "./receipt-link.routes";
export { ReceiptsRepository } from "./receipts.repository";
export { receiptsRoutes } from "./receipts.routes";
export { ReceiptsService } from "./receipts.service";
