/**
 * What the payer's browser loads from the gateways, for the Content-Security-Policy: each inline script's
 * origin (script-src), the frames it opens (frame-src) and the hosts it calls (connect-src). Sources of the
 * hosts: docs/payments-contract.md ("Gateway hosts in the page").
 */
export interface GatewayBrowserSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

/**
 * Where a provider's inline script, loaded from the origin of the key, opens frames and sends requests.
 * Paystack's inline v2 (js.paystack.co) opens its popup as an iframe on checkout.paystack.com and calls
 * api.paystack.co; Remita's inline widget frames and calls the host it is loaded from (remitademo.net for
 * demo, login.remita.net for live).
 */
const PROVIDER_HOSTS: Record<string, { frames: string[]; connect: string[] }> = {
  "https://js.paystack.co": { frames: ["https://checkout.paystack.com"], connect: ["https://api.paystack.co"] },
  "https://remitademo.net": { frames: ["https://remitademo.net"], connect: ["https://remitademo.net"] },
  "https://login.remita.net": { frames: ["https://login.remita.net"], connect: ["https://login.remita.net"] },
};

/**
 * The sources each widget script needs, in the order given, each origin once. A script on the app's own
 * origin (a relative URL: the sandbox) needs nothing beyond 'self'; one on an origin the table does not
 * know (the sandbox served from another host) is taken to frame and call its own origin only.
 */
export function gatewayBrowserSources(scriptUrls: readonly string[]): GatewayBrowserSources {
  const sources: GatewayBrowserSources = { scriptSrc: [], frameSrc: [], connectSrc: [] };
  const add = (list: string[], origins: string[]) => {
    for (const origin of origins) if (!list.includes(origin)) list.push(origin);
  };
  for (const url of scriptUrls) {
    if (!/^https?:\/\//i.test(url)) continue;
    const origin = new URL(url).origin;
    const hosts = PROVIDER_HOSTS[origin] ?? { frames: [origin], connect: [origin] };
    add(sources.scriptSrc, [origin]);
    add(sources.frameSrc, hosts.frames);
    add(sources.connectSrc, hosts.connect);
  }
  return sources;
}
