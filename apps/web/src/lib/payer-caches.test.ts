// A guest's receipts last for the tab's session unless the guest keeps one; a signed-in user's until sign-out.
import { describe, expect, it } from "vitest";
import { signIn } from "../test/factories";
import { fakeCaches } from "../test/fake-caches";
import { mockApi } from "../test/mock-api";
import {
  forgetAllPayerCopies,
  forgetKeptReceipt,
  isReceiptKept,
  keepReceipt,
  KEPT_RECEIPTS_CACHE,
  SESSION_RECEIPTS_CACHE,
  startTabSession,
  TAB_SESSION_KEY,
} from "./payer-caches";

const RECEIPT = "/api/express/payments/HSP-20260101-ABCD/";
const OTHER = "/api/express/payments/HSP-20260101-WXYZ/";

describe("startTabSession", () => {
  it("a guest's new tab deletes the receipts of the earlier session, not those kept", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT]: "{}" }, [KEPT_RECEIPTS_CACHE]: { [OTHER]: "{}" } });
    await startTabSession();
    expect(caches.names()).toEqual([KEPT_RECEIPTS_CACHE]);
    expect(sessionStorage.getItem(TAB_SESSION_KEY)).not.toBeNull();
  });

  it("a reload within the tab's session keeps them", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT]: "{}" } });
    sessionStorage.setItem(TAB_SESSION_KEY, "1");
    await startTabSession();
    expect(caches.paths(SESSION_RECEIPTS_CACHE)).toEqual([RECEIPT]);
  });

  it("a signed-in user's receipts last until sign-out, whatever the tab", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT]: "{}" } });
    signIn();
    await startTabSession();
    expect(caches.paths(SESSION_RECEIPTS_CACHE)).toEqual([RECEIPT]);
  });
});

describe("keeping a receipt on this device", () => {
  it("copies the session's copy into the kept receipts, and forgets it again", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT]: '{"reference":"HSP-20260101-ABCD"}' } });
    const api = mockApi({});
    expect(await isReceiptKept(RECEIPT)).toBe(false);
    expect(await keepReceipt(RECEIPT)).toBe(true);
    expect(api.calls).toHaveLength(0);
    expect(caches.paths(KEPT_RECEIPTS_CACHE)).toEqual([RECEIPT]);
    expect(await isReceiptKept(RECEIPT)).toBe(true);
    await forgetKeptReceipt(RECEIPT);
    expect(await isReceiptKept(RECEIPT)).toBe(false);
  });

  it("asks the server when the session has no copy, and keeps nothing of a failure", async () => {
    const caches = fakeCaches();
    mockApi({ [`GET ${RECEIPT}`]: { body: { reference: "HSP-20260101-ABCD" } }, [`GET ${OTHER}`]: { status: 500, raw: "" } });
    expect(await keepReceipt(RECEIPT)).toBe(true);
    expect(await keepReceipt(OTHER)).toBe(false);
    expect(caches.paths(KEPT_RECEIPTS_CACHE)).toEqual([RECEIPT]);
  });

  it("Privacy Settings' clearing deletes the kept receipts too", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT]: "{}" }, [KEPT_RECEIPTS_CACHE]: { [OTHER]: "{}" } });
    await forgetAllPayerCopies();
    expect(caches.names()).toEqual([]);
  });
});
