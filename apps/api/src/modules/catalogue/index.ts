import { partyUrls } from "../../env";
import type { BaseContext } from "../../lib/module-context";
import { CatalogueClient } from "./catalogue.client";
import { catalogueRoutes } from "./catalogue.routes";
import { CatalogueService } from "./catalogue.service";

export { CatalogueClient } from "./catalogue.client";
export { CatalogueService } from "./catalogue.service";

/** The hospital catalogue provider's client behind its cache, and the catalogue routes. */
export async function register(ctx: BaseContext) {
  const { env } = ctx;
  const client = new CatalogueClient(partyUrls(env).catalogue, env.CATALOGUE_TOKEN, env.GATEWAY_TIMEOUT_MS);
  const catalogue = new CatalogueService(client, ctx.log);
  await ctx.app.register(catalogueRoutes, { catalogue });
  return { catalogue };
}
