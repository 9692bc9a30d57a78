import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import type { ReceiptFailure } from "../utils/receipt-failure";
import { t } from "../../../i18n";
import { receiptFailureMessages as m } from "../messages";

/** Whole seconds until `deadline` (ms), ticking once a second; 0 once it has passed. */
function useSecondsUntil(deadline: number): number {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/**
 * Why a code could not be looked up, with "Try again" where asking again may help: after a dropped
 * connection or a server failure at once, after "too many checks" once the server's wait is over.
 */
export function ReceiptFailureMessage({ failure, onRetry }: { failure: ReceiptFailure; onRetry: () => void }) {
  if (failure.kind === "rate-limited") return <RateLimited waitSeconds={failure.waitSeconds} onRetry={onRetry} />;
  const retry = failure.kind === "offline" || failure.kind === "other";
  return (
    <div className="space-y-3">
      <Alert tone="error">{failure.message}</Alert>
      {retry && (
        <Button variant="secondary" onClick={onRetry}>
          {t(m.tryAgain)}
        </Button>
      )}
    </div>
  );
}

function RateLimited({ waitSeconds, onRetry }: { waitSeconds: number; onRetry: () => void }) {
  const [deadline] = useState(() => Date.now() + waitSeconds * 1000);
  const seconds = useSecondsUntil(deadline);
  return (
    <div className="space-y-3">
      <Alert tone="error">
        {/* Read out once with the server's wait; the ticking figure is for the eye only. */}
        {t(m.tooMany, {
          seconds,
          wait: waitSeconds,
          shown: (chunks) => <span aria-hidden="true">{chunks}</span>,
          spoken: (chunks) => <span className="sr-only">{chunks}</span>,
        })}
      </Alert>
      <p role="status" className="text-sm text-slate-700">
        {seconds === 0 ? t(m.canCheckNow) : ""}
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={seconds > 0}>
        {t(m.tryAgain)}
      </Button>
    </div>
  );
}
