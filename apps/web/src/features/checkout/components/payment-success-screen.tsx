import { useLocation } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button";

/** /payment-success: the receipt/status screen (SPEC §2). Status checks arrive with guest checkout. */
export function PaymentSuccessScreen() {
  const state = useLocation().state as {
    paymentData?: { status?: unknown; reference?: unknown };
    transactionReference?: unknown;
  } | null;
  const status = typeof state?.paymentData?.status === "string" ? state.paymentData.status : "Success";
  const reference = typeof state?.transactionReference === "string" ? state.transactionReference : undefined;
  return (
    <div className="mx-auto max-w-lg px-4 py-14 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment Status</h1>
      <p className="mt-4 text-lg text-slate-700">
        Status: <span className="font-semibold text-slate-900">{status}</span>
      </p>
      {reference && <p className="mt-1 font-mono text-sm text-slate-600">Reference: {reference}</p>}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {status.toUpperCase() !== "SUCCESS" && <Button variant="secondary">Check Status</Button>}
        <ButtonLink to="/">Back to home</ButtonLink>
      </div>
    </div>
  );
}
