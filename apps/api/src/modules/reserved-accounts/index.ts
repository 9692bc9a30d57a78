export { ReservedAccountsRepository } from "./reserved-accounts.repository";
export { reservedAccountsRoutes } from "./reserved-accounts.routes";
export { ReservedAccountsService } from "./reserved-accounts.service";
