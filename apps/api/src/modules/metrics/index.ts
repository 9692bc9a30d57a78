export { AppMetrics, metricsExposure } from "./metrics";
export { sampleValue } from "./metrics-text";
export { MetricsRepository } from "./metrics.repository";
export { internalMetricsServer, metricsRoutes } from "./metrics.routes";
