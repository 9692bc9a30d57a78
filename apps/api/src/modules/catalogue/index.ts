export { CatalogueClient } from "./catalogue.client";
export { catalogueRoutes } from "./catalogue.routes";
export { CatalogueService } from "./catalogue.service";
