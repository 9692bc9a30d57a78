import type { ReservedAccountReason } from "@hospipay/contract";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Spinner } from "../../../components/ui/spinner";
import { errorDetail } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { useReservedAccount } from "../api/get-reserved-account";
import { useWalletTier } from "../api/get-wallet-tier";
import { RESERVED_ACCOUNT_TEXT as m } from "../messages";

/** Why no account number was issued, as the server says it (RESERVED_ACCOUNT_REASONS). */
const NEEDS_NIN_TEXT: Record<ReservedAccountReason, MessageDescriptor> = {
  no_kyc: m.needsNin,
  not_nin: m.notNin,
  invalid_nin: m.invalidNin,
};

/**
 * The customer's permanent account number (issue 22): the number with a copy button, the bank and the
 * account name once it is active; "being set up" while the server reserves it; otherwise why none was issued,
 * with a pointer to KYC.
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
        {t(m.heading)}
      </Heading>
      <div aria-live="polite" className="mt-3">
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {t(m.loading)}
          </p>
        ) : query.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>{specText(errorDetail(query.error, t(m.failed)))}</span>
            <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
              {t(m.tryAgain)}
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
            <Spinner /> {t(m.pending)}
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            {t(NEEDS_NIN_TEXT[query.data.reason ?? "no_kyc"])}{" "}
            <Link
              to="/profile/edit"
              className="font-semibold text-teal-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              {t(m.goToKyc)}
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
      toast.success(t(m.copied));
    } catch {
      toast.error(t(m.copyFailed));
    }
  };
  const tier = useWalletTier().data;
  return (
    <>
      <p className="text-sm text-slate-600">
        {tier?.credit_room !== undefined
          ? t(m.introRoom, { amount: formatNairaAmount(tier.credit_room), level: String(tier.tier.tier_level) })
          : t(m.introLimits)}
      </p>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">{t(m.accountNumber)}</dt>
          <dd className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <span className="font-mono text-2xl font-bold tracking-wider text-slate-900">{number}</span>
            <Button variant="secondary" onClick={() => void copy()} aria-label={t(m.copyLabel)}>
              {t(copied ? m.copyDone : m.copy)}
            </Button>
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t(m.bank)}</dt>
          <dd className="font-medium text-slate-900">{bank}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t(m.accountName)}</dt>
          <dd className="font-medium wrap-anywhere text-slate-900">{name}</dd>
        </div>
      </dl>
    </>
  );
}
