export { profileRoutes } from "./profile.routes";
export { ProfileService } from "./profile.service";
