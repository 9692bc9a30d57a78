import type { WalletTier } from "@hospipay/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorDetail } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useWalletTier } from "../api/get-wallet-tier";
import { TIER_TEXT as m } from "../messages";

type Hold = WalletTier["holds"][number];

/** "₦X held: your tier's limit …": why a transfer into the account is held and what releases it. */
export function heldMessage(hold: Hold, tier: WalletTier["tier"]): string {
  const amount = formatNairaAmount(hold.amount);
  if (hold.cap !== "balance") return t(m.heldOverSingleCredit, { amount, limit: formatNairaAmount(tier.max_single_credit) });
  if (tier.max_balance === null) return t(m.heldNoBalanceLimit, { amount });
  return t(m.heldOverBalance, { amount, limit: formatNairaAmount(tier.max_balance) });
}

/**
 * The customer's KYC tier and its caps (issue 22), with the transfers into their reserved account held
 * because they would break a cap. Shown beside the balance on Overview.
 */
export function TierCard() {
  const query = useWalletTier();
  return (
    <section aria-labelledby="tier-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="tier-heading" className="text-lg font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
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
        ) : (
          <TierDetails data={query.data} />
        )}
      </div>
    </section>
  );
}

function TierDetails({ data }: { data: WalletTier }) {
  const { tier, holds } = data;
  return (
    <>
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{t(m.tier, { level: String(tier.tier_level) })}</span>
        {tier.tier_level < 3 ? ` · ${t(m.raise)}` : null}
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t(m.singleCredit)}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {tier.max_single_credit === null ? t(m.noLimit) : formatNairaAmount(tier.max_single_credit)}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t(m.balance)}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {tier.max_balance === null ? t(m.noLimit) : formatNairaAmount(tier.max_balance)}
          </dd>
        </div>
      </dl>
      {holds.length > 0 ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t(m.heldHeading)}</h3>
          <ul className="mt-2 space-y-2">
            {holds.map((hold) => (
              <li key={hold.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {heldMessage(hold, tier)}
                {hold.sender_name ? <span className="block text-amber-800">{t(m.from, { name: hold.sender_name })}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
