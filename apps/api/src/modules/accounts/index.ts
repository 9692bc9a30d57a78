export { accountsRoutes } from "./accounts.routes";
export { AccountsService } from "./accounts.service";
export { createVerifiedUser } from "./create-user";
export { hashPassword, verifyPassword } from "./passwords";
export { TokenService } from "./tokens";
export { toUserProfile } from "./user-profile";
export { UsersRepository } from "./users.repository";
export type { UserRecord } from "./users.repository";
export { VerificationRepository } from "./verification.repository";
