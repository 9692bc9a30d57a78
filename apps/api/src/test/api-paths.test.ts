import { API_PATHS, GATEWAY_KEYS, SERVER_PATH_PREFIXES } from "@hospipay/contract";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test-app";

/**
 * The contract's API_PATHS and the routes the server registers are the same list: a route added with a
 * literal path, or a path left in the contract after its route went, fails here.
 */

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

/** Each path of API_PATHS as the router declares it: a parameter path by its route, the webhook once per gateway. */
const contractPaths = Object.values(API_PATHS).flatMap((path) => {
  if (typeof path === "string") return [path];
  if ("route" in path) return [path.route];
  return GATEWAY_KEYS.map(path);
});

const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
// The sandbox's simulators and the API's own documentation are not product API paths.
const registeredPaths = t.app.routeAccess
  .map((route) => route.url)
  .filter((url) => isServerPath(url) && !url.startsWith("/sandbox/") && !url.startsWith("/docs"));

describe("API_PATHS", () => {
  it("is compared with the routes of every module, the webhooks included", () => {
    expect(registeredPaths).toContain(API_PATHS.login);
    expect(registeredPaths).toContain(API_PATHS.kycDecision.route);
    for (const gateway of GATEWAY_KEYS) expect(registeredPaths).toContain(API_PATHS.gatewayWebhook(gateway));
  });

  it("holds every path the server registers", () => {
    const missing = [...new Set(registeredPaths)].filter((url) => !contractPaths.includes(url));
    expect(missing).toEqual([]);
  });

  it("holds only paths the server registers", () => {
    const unserved = contractPaths.filter((path) => !registeredPaths.includes(path));
    expect(unserved).toEqual([]);
  });
});
