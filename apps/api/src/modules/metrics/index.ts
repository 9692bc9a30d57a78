import type { BaseContext } from "../../lib/module-context";
import { AppMetrics, metricsExposure } from "./metrics";
import { MetricsRepository } from "./metrics.repository";
import { internalMetricsServer, metricsRoutes } from "./metrics.routes";

export { sampleValue } from "./metrics-text";

/**
 * The Prometheus metrics, counted by one `onResponse` hook; null when /metrics is served nowhere (production
 * without METRICS_*): then the request path pays nothing for them.
 */
export function create(ctx: Pick<BaseContext, "app" | "db" | "env">) {
  const exposure = metricsExposure(ctx.env);
  const metrics = exposure === "none" ? null : new AppMetrics(new MetricsRepository(ctx.db), ctx.app.log);
  if (metrics) {
    ctx.app.addHook("onResponse", (request, reply, done) => {
      metrics.observe(request, reply);
      done();
    });
  }
  return { metrics, exposure };
}

/** Serves /metrics on the app's port, or on an internal server listening and closing with the app. */
export async function register(ctx: BaseContext, { metrics, exposure }: ReturnType<typeof create>) {
  const { app, env } = ctx;
  if (metrics && exposure === "main") await app.register(metricsRoutes, { metrics, token: env.METRICS_TOKEN });
  if (metrics && exposure === "internal") {
    const internal = await internalMetricsServer(metrics, env.METRICS_TOKEN, app.log);
    // Listening with the app (a busy port fails its start) and closed with it.
    app.addHook("onReady", async () => {
      await internal.listen({ port: env.METRICS_PORT, host: env.HOST });
    });
    app.addHook("onClose", async () => {
      await internal.close();
    });
  }
}
