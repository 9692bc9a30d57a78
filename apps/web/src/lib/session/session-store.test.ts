// The session's end and an account switch take the service worker's copies of the payer's receipts with them.
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../test/factories";
import { fakeCaches } from "../../test/fake-caches";
import { KEPT_RECEIPTS_CACHE, SESSION_RECEIPTS_CACHE } from "../payer-caches";
import { clearSession, startSession } from "./session-store";

const RECEIPT = "/api/express/payments/HSP-20260101-ABCD/";

function cachesWithReceipts() {
  return fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT]: "{}" }, [KEPT_RECEIPTS_CACHE]: { [RECEIPT]: "{}" } });
}

describe("the session store and the payer's offline copies", () => {
  it("ending the session, however it ends, deletes the session's receipts and leaves those a guest chose to keep", async () => {
    const caches = cachesWithReceipts();
    signIn();
    clearSession();
    await expect.poll(() => caches.names()).toEqual([KEPT_RECEIPTS_CACHE]);
  });

  it("another account signing in (an account switch) starts without the receipts of the one before", async () => {
    const caches = cachesWithReceipts();
    signIn(buildUser({ id: 1 }), "tok-1");
    startSession("tok-2", buildUser({ id: 2 }));
    await expect.poll(() => caches.names()).toEqual([KEPT_RECEIPTS_CACHE]);
  });

  it("the same account signing in again keeps its receipts", async () => {
    const caches = cachesWithReceipts();
    signIn(buildUser({ id: 1 }), "tok-1");
    startSession("tok-1b", buildUser({ id: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(caches.names()).toEqual([SESSION_RECEIPTS_CACHE, KEPT_RECEIPTS_CACHE]);
  });
});
