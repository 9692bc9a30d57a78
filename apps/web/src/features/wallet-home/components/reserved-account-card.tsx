import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Spinner } from "../../../components/ui/spinner";
import { errorDetail } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useReservedAccount } from "../api/get-reserved-account";

/** The texts of the card, one place for the screen and its tests. */
export const RESERVED_ACCOUNT_TEXT = {
  heading: "Your account number",
  intro: "Transfer any amount from any bank app to this account: it is added to your wallet by itself.",
  loading: "Loading your account number…",
  failed: "Your account number could not be loaded.",
  pending: "Your account number is being set up. It appears here in a moment.",
  needsNin: "Add your NIN in KYC to get an account number.",
  copied: "Account number copied",
  copyFailed: "Could not copy. Please copy the number by hand.",
} as const;

/**
 * The customer's permanent account number (issue 22): the number with a copy button, the bank and the
 * account name once it is active; "being set up" while the server reserves it; otherwise a pointer to KYC.
 * `headingLevel` fits it under the screen's own headings (a card of Overview, a part of the Fund sub-tab).
 */
export function ReservedAccountCard({ headingLevel = 2, className }: { headingLevel?: 2 | 3; className?: string }) {
  const query = useReservedAccount();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `reserved-account-heading-${headingLevel}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6", className)}
    >
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {RESERVED_ACCOUNT_TEXT.heading}
      </Heading>
      <div aria-live="polite" className="mt-3">
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {RESERVED_ACCOUNT_TEXT.loading}
          </p>
        ) : query.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>{errorDetail(query.error, RESERVED_ACCOUNT_TEXT.failed)}</span>
            <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
              Try loading again
            </Button>
          </Alert>
        ) : query.data.status === "active" && query.data.account_number ? (
          <AccountDetails
            number={query.data.account_number}
            bank={query.data.bank_name ?? ""}
            name={query.data.account_name ?? ""}
          />
        ) : query.data.status === "pending" ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> {RESERVED_ACCOUNT_TEXT.pending}
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            {RESERVED_ACCOUNT_TEXT.needsNin}{" "}
            <Link
              to="/profile/edit"
              className="font-semibold text-teal-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              Go to Account Settings, then KYC
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

function AccountDetails({ number, bank, name }: { number: string; bank: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(number);
      setCopied(true);
      toast.success(RESERVED_ACCOUNT_TEXT.copied);
    } catch {
      toast.error(RESERVED_ACCOUNT_TEXT.copyFailed);
    }
  };
  return (
    <>
      <p className="text-sm text-slate-600">{RESERVED_ACCOUNT_TEXT.intro}</p>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">Account number</dt>
          <dd className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <span className="font-mono text-2xl font-bold tracking-wider text-slate-900">{number}</span>
            <Button variant="secondary" onClick={() => void copy()} aria-label="Copy account number">
              {copied ? "Copied" : "Copy"}
            </Button>
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">Bank</dt>
          <dd className="font-medium text-slate-900">{bank}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">Account name</dt>
          <dd className="font-medium wrap-anywhere text-slate-900">{name}</dd>
        </div>
      </dl>
    </>
  );
}
