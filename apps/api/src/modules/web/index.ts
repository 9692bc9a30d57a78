import type { BaseContext } from "../../lib/module-context";
import { registerWebApp } from "./web.routes";

/** The built web app, with its SPA fallback: registered last, after every API route. */
export async function register(ctx: BaseContext) {
  await registerWebApp(ctx.app, ctx.env.WEB_DIST_DIR);
}
