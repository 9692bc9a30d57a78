/** What each gateway simulator plugin is given by the sandbox plugin. */
export interface GatewayPluginOptions<Credentials> {
  /** Route config put on every route (the host app's access declaration). */
  routeConfig: Record<string, unknown>;
  credentials: Credentials;
  /** Base URL of the API that receives webhooks, resolved at send time. */
  apiBaseUrl: () => string;
  /** Delay between a payment and its automatic notification. */
  notifyDelayMs: number;
  /** Waits between automatic redeliveries of a notification the API did not accept. */
  webhookRetryDelaysMs: readonly number[];
}
