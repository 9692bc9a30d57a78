export { StaffDayTotalsWorker } from "./staff-day-totals.worker";
export { staffExportRoutes } from "./staff-export.routes";
export { StaffInvoicesRepository } from "./staff-invoices.repository";
export { staffInvoicesRoutes } from "./staff-invoices.routes";
