import { vi } from "vitest";

/**
 * An in-memory CacheStorage (jsdom has none), stubbed as the global `caches`: named caches of
 * URL → Response, as the service worker and the page share them.
 */
export function fakeCaches(initial: Record<string, Record<string, string>> = {}) {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: RequestInfo | URL) =>
    new URL(typeof request === "string" ? request : request instanceof URL ? request.href : request.url, "http://localhost").href;
  const cacheOf = (entries: Map<string, Response>): Cache =>
    ({
      match: (request: RequestInfo | URL) => Promise.resolve(entries.get(key(request))?.clone()),
      put: (request: RequestInfo | URL, response: Response) => {
        entries.set(key(request), response.clone());
        return Promise.resolve();
      },
      delete: (request: RequestInfo | URL) => Promise.resolve(entries.delete(key(request))),
      keys: () => Promise.resolve([...entries.keys()].map((url) => new Request(url))),
    }) as unknown as Cache;
  for (const [name, entries] of Object.entries(initial)) {
    stores.set(name, new Map(Object.entries(entries).map(([url, body]) => [key(url), new Response(body)])));
  }
  const storage = {
    open: vi.fn((name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return Promise.resolve(cacheOf(stores.get(name)!));
    }),
    delete: vi.fn((name: string) => Promise.resolve(stores.delete(name))),
    has: (name: string) => Promise.resolve(stores.has(name)),
    match: async (request: RequestInfo | URL) => {
      for (const entries of stores.values()) {
        const hit = entries.get(key(request));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  };
  vi.stubGlobal("caches", storage);
  return {
    storage,
    /** The cache names that exist now. */
    names: () => [...stores.keys()],
    /** The URLs (paths) one cache holds now. */
    paths: (name: string) => [...(stores.get(name)?.keys() ?? [])].map((url) => new URL(url).pathname),
  };
}
