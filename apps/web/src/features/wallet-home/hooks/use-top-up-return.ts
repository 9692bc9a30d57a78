import { MESSAGES } from "@hospipay/contract";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { specText } from "../../../lib/messages";
import { toast } from "../../../lib/toast";
import { confirmTopUp, reportClosedTopUp, reportUnpaidTopUp } from "./use-top-up";

/** The query Remita's page adds when it sends the payer back to /dashboard (SPEC §2, §4 step 5). */
const RETURN_KEYS = ["status", "rrr", "transactionId", "message"] as const;

/** SPEC §4 step 5: status '01' or message 'approved' (any case) is a success; anything else a failure. */
export function isApprovedReturn(status: string | null, message: string | null): boolean {
  return status?.trim() === "01" || message?.trim().toLowerCase() === "approved";
}

/**
 * Handles a return to the dashboard from Remita's page: a success is verified with the server's
 * callback before 'Top-up successful!' shows; a failure shows 'Top-up failed.' at once, and the callback
 * then has the server ask Remita, which closes a declined or abandoned top-up. The query leaves the
 * address at once (replacing the history entry), so a reload or Back does not report it twice.
 */
export function useTopUpReturn(onSettled: () => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const onSettledRef = useRef(onSettled);

  useEffect(() => {
    onSettledRef.current = onSettled;
  }, [onSettled]);

  const status = params.get("status");
  const message = params.get("message");
  const rrr = params.get("rrr");
  const transactionId = params.get("transactionId");
  const present = status !== null || message !== null;

  useEffect(() => {
    if (!present) return;
    const signature = JSON.stringify([status, message, rrr, transactionId]);
    if (handled.current === signature) return;
    handled.current = signature;

    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of RETURN_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );

    if (!isApprovedReturn(status, message)) {
      toast.error(specText(MESSAGES.topUp.failed));
      // 012: the payer aborted on Remita's page, as a close of the widget; anything else is asked by the callback.
      const report = status?.trim() === "012" ? reportClosedTopUp : reportUnpaidTopUp;
      void report({ reference: transactionId ?? "", rrr: rrr ?? "" }).finally(() => onSettledRef.current());
      return;
    }
    void confirmTopUp({ reference: transactionId ?? "", rrr: rrr ?? "" }).finally(() => onSettledRef.current());
  }, [present, status, message, rrr, transactionId, setParams]);
}
