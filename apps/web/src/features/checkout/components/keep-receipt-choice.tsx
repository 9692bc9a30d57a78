import { API_PATHS } from "@hospipay/contract";
import { useEffect, useId, useState } from "react";
import { apiUrl } from "../../../lib/api-client";
import { forgetKeptReceipt, isReceiptKept, keepReceipt } from "../../../lib/payer-caches";
import { t } from "../../../i18n";
import { keepReceiptMessages as m } from "../messages";

/**
 * A guest's choice to keep a completed payment's receipt on this device (lib/payer-caches.ts): unticked,
 * the offline copy goes when a new tab starts; ticked, it stays until unticked or Privacy Settings clears
 * it. Shown once it is known whether the receipt is kept; a browser without caches shows nothing.
 */
export function KeepReceiptChoice({ reference }: { reference: string }) {
  const url = apiUrl(API_PATHS.payment(reference));
  const hintId = useId();
  const [kept, setKept] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (typeof caches === "undefined") return;
    let live = true;
    isReceiptKept(url)
      .catch(() => false)
      .then((known) => {
        if (live) setKept(known);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);

  // The box follows the click at once and goes back if the browser could not do it.
  const choose = async (keep: boolean) => {
    setKept(keep);
    setBusy(true);
    setFailed(false);
    try {
      if (keep) {
        const done = await keepReceipt(url);
        setKept(done);
        setFailed(!done);
      } else {
        await forgetKeptReceipt(url);
      }
    } catch {
      setKept(!keep);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (kept === undefined) return null;
  return (
    <div className="mt-6 rounded-lg bg-white p-4 text-left ring-1 ring-slate-200 print:hidden">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          checked={kept}
          disabled={busy}
          aria-describedby={hintId}
          onChange={(event) => void choose(event.target.checked)}
          className="size-5 shrink-0 accent-teal-700"
        />
        <span>{t(m.keep)}</span>
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        {t(m.hint)}
      </p>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t(m.failed)}
        </p>
      )}
    </div>
  );
}
