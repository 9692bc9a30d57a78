import { useParams } from "react-router";
import { ButtonLink } from "../../../components/ui/button";

/** Placeholder account details per method until the gateways supply real ones. */
const PLACEHOLDER_ACCOUNTS: Record<string, { bank: string; accountName: string; accountNumber: string }> = {
  bank_transfer: { bank: "Hospipay Partner Bank", accountName: "Hospipay Hospital Collections", accountNumber: "0123456789" },
  monnify: { bank: "Moniepoint MFB", accountName: "Hospipay / Virtual Account", accountNumber: "5000000000" },
};

/** /bank-details/:method/:reference: transfer instructions (SPEC §2). */
export function BankDetailsScreen() {
  const { method = "", reference = "" } = useParams();
  const account = PLACEHOLDER_ACCOUNTS[method] ?? PLACEHOLDER_ACCOUNTS.bank_transfer;
  return (
    <div className="mx-auto max-w-lg px-4 py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Bank Transfer Details</h1>
      <p className="mt-2 text-slate-600">
        Transfer the exact amount to the account below and use your reference as the narration.
      </p>
      <dl className="mt-6 space-y-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm shadow-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Bank</dt>
          <dd className="font-medium text-slate-900">{account?.bank}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Account name</dt>
          <dd className="text-right font-medium text-slate-900">{account?.accountName}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-mono font-semibold text-slate-900">{account?.accountNumber}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Reference</dt>
          <dd className="font-mono font-semibold break-all text-slate-900">{reference}</dd>
        </div>
      </dl>
      {method === "bank_transfer" && (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Bank transfer confirmation takes 24-48 hours.
        </p>
      )}
      <ButtonLink to="/" variant="secondary" className="mt-8 w-full">
        Back to home
      </ButtonLink>
    </div>
  );
}
