export { StaffAccountsRepository } from "./staff-accounts.repository";
export { staffAccountsRoutes } from "./staff-accounts.routes";
export { StaffAccountsService } from "./staff-accounts.service";
