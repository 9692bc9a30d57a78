export { ShiftsRepository } from "./shifts.repository";
export { shiftsRoutes } from "./shifts.routes";
export { ShiftsService } from "./shifts.service";
