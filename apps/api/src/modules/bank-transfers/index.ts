export { BankTransfersRepository } from "./bank-transfers.repository";
export { bankTransfersRoutes } from "./bank-transfers.routes";
export { TransferConfirmationService, operatedInvoice } from "./transfer-confirmation.service";
