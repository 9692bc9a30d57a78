export { AuditRepository } from "./audit.repository";
export { auditRoutes } from "./audit.routes";
