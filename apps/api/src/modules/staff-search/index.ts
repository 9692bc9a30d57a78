export { StaffSearchRepository } from "./staff-search.repository";
export { staffSearchRoutes } from "./staff-search.routes";
export { StaffSearchService } from "./staff-search.service";
