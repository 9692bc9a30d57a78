export { DocumentStore } from "./documents";
export { KycRepository } from "./kyc.repository";
export { kycRoutes, staffKycRoutes } from "./kyc.routes";
export { KycService } from "./kyc.service";
