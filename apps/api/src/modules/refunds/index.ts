export { RefundsRepository } from "./refunds.repository";
export { refundsRoutes } from "./refunds.routes";
export { RefundsService } from "./refunds.service";
