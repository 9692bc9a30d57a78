import { CHARGE_FEE_KOBO, formatNaira, MESSAGES, type WalletTransaction } from "@hospipay/contract";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs, type TabItem } from "../../../components/ui/tabs";
import { formatNairaAmount } from "../../../lib/money";
import { useQuickPay } from "../../../lib/quick-pay";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { displayName } from "../../../lib/session/session-user";
import { useTopUp } from "../hooks/use-top-up";
import { useTopUpReturn } from "../hooks/use-top-up-return";
import { FundWalletForm } from "./fund-wallet-form";
import { HistoryTab } from "./history-tab";
import { ReservedAccountCard } from "./reserved-account-card";
import { TierCard } from "./tier-card";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { homeMessages as m } from "../messages";
import { WalletTransactionList } from "./wallet-transaction-list";

type Section = "overview" | "payments" | "history";
type PaymentsSection = "fund" | "transfer";

const SECTIONS = [
  { value: "overview", label: m.overview },
  { value: "payments", label: m.payments },
  { value: "history", label: m.history },
] as const;

const PAYMENT_SECTIONS = [
  { value: "fund", label: m.fund },
  { value: "transfer", label: m.transfer },
] as const;

function sectionOf(value: string | null): Section {
  return value === "payments" || value === "history" ? value : "overview";
}

/**
 * /dashboard, the customer home (SPEC §2): Overview, Payments and History tabs, 'Fund Wallet',
 * 'Pay Hospital Services' and 'Manage Account'. The tab is kept in the address (`?tab=`), so a reload
 * or a shared link opens the same one. `?fund=1` opens the Fund Wallet dialog (wallet payment links
 * here when the balance is too low), and a return from Remita's page is handled on arrival.
 */
export function WalletHomeScreen() {
  const user = useCurrentUser();
  const quickPay = useQuickPay();
  const topUp = useTopUp();
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get("tab"));
  const [paymentsSection, setPaymentsSection] = useState<PaymentsSection>("fund");
  const [fundOpen, setFundOpen] = useState(() => params.get("fund") === "1");
  const { refresh } = topUp;

  useTopUpReturn(useCallback(() => void refresh(), [refresh]));

  const wantsFund = params.get("fund") !== null;
  useEffect(() => {
    if (!wantsFund) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("fund");
        return next;
      },
      { replace: true },
    );
  }, [wantsFund, setParams]);

  const selectSection = (next: Section) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "overview") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true },
    );

  const proceed = (transaction: WalletTransaction) => void topUp.resume(transaction);
  const recent = user?.last_transactions ?? [];
  const sections: Array<TabItem<Section>> = SECTIONS.map(({ value, label }) => ({ value, label: t(label) }));
  const paymentSections: Array<TabItem<PaymentsSection>> = PAYMENT_SECTIONS.map(({ value, label }) => ({
    value,
    label: t(label),
  }));
  const balance = (chunks: ReactNode[]) => <span className="font-semibold text-slate-900">{chunks}</span>;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
          <p className="mt-1 text-slate-600">{t(m.welcome, { name: user ? displayName(user) : "" })}</p>
        </div>
        <div className="grid gap-3 sm:flex sm:flex-wrap">
          <Button onClick={() => setFundOpen(true)}>{t(m.fundWallet)}</Button>
          <Button variant="secondary" onClick={() => quickPay.open("/wallet-pay")}>
            {t(m.payHospitalServices)}
          </Button>
          <ButtonLink to="/profile/edit" variant="ghost">
            {t(m.manageAccount)}
          </ButtonLink>
        </div>
      </div>

      {topUp.confirming && (
        <p
          role="status"
          className="mt-6 flex items-center gap-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900"
        >
          <Spinner /> {t(m.confirming)}
        </p>
      )}

      <Tabs label={t(m.sections)} items={sections} value={section} onChange={selectSection} className="mt-8">
        <div className="pt-6">
          {section === "overview" && (
            <div className="grid gap-6 lg:grid-cols-5">
              <div className="space-y-6 self-start lg:col-span-2">
                <section
                  aria-labelledby="balance-heading"
                  className="rounded-2xl bg-gradient-to-br from-teal-800 to-emerald-700 p-6 text-white shadow-sm"
                >
                  <h2 id="balance-heading" className="text-sm font-medium text-teal-50">
                    {t(m.balance)}
                  </h2>
                  <p className="mt-2 text-4xl font-bold tracking-tight tabular-nums">{formatNairaAmount(user?.wallet_balance)}</p>
                  <dl className="mt-6 grid grid-cols-2 gap-4 border-t border-white/25 pt-4 text-sm">
                    <div>
                      <dt className="text-teal-50">{t(m.transactionFee)}</dt>
                      <dd className="mt-0.5 text-lg font-semibold">0.5%</dd>
                      <dd className="text-xs text-teal-50">{t(m.feeApplied, { fee: formatNaira(CHARGE_FEE_KOBO) })}</dd>
                    </div>
                    <div>
                      <dt className="text-teal-50">{t(m.pendingBills)}</dt>
                      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{formatNaira(0)}</dd>
                    </div>
                  </dl>
                </section>
                <ReservedAccountCard />
                <TierCard />
              </div>
              <section aria-labelledby="recent-heading" className="space-y-3 lg:col-span-3">
                <div className="flex items-baseline justify-between gap-3">
                  <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
                    {t(m.recent)}
                  </h2>
                  {recent.length > 0 && (
                    <button
                      type="button"
                      onClick={() => selectSection("history")}
                      className="min-h-11 rounded-lg px-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
                    >
                      {t(m.viewAll)}
                    </button>
                  )}
                </div>
                {recent.length === 0 ? (
                  <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
                    <p className="font-medium text-slate-800">{t(m.noTransactions)}</p>
                    <p className="mt-1 text-sm text-slate-600">{t(m.startPaying)}</p>
                  </div>
                ) : (
                  <WalletTransactionList
                    transactions={recent}
                    label={t(m.recent)}
                    onProceed={proceed}
                    proceedDisabled={topUp.confirming}
                  />
                )}
              </section>
            </div>
          )}

          {section === "payments" && (
            <Tabs
              label={t(m.paymentOptions)}
              items={paymentSections}
              value={paymentsSection}
              onChange={setPaymentsSection}
              variant="secondary"
            >
              <div className="pt-5">
                {paymentsSection === "fund" ? (
                  <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
                    <section
                      aria-labelledby="fund-heading"
                      className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                    >
                      <h2 id="fund-heading" className="text-lg font-semibold text-slate-900">
                        {t(m.fundHeading)}
                      </h2>
                      <p className="mt-1 mb-5 text-sm text-slate-600">
                        {t(m.fundLead, { amount: formatNairaAmount(user?.wallet_balance), b: balance })}
                      </p>
                      <FundWalletForm start={topUp.start} disabled={topUp.confirming} />
                    </section>
                    <ReservedAccountCard className="self-start" />
                  </div>
                ) : (
                  <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
                    <p className="font-medium text-slate-800">{specText(MESSAGES.wallet.noTransfers)}</p>
                  </div>
                )}
              </div>
            </Tabs>
          )}

          {section === "history" && <HistoryTab onProceed={proceed} proceedDisabled={topUp.confirming} />}
        </div>
      </Tabs>

      <Dialog open={fundOpen} onClose={() => setFundOpen(false)} title={t(m.fundWallet)}>
        <p className="mb-4 text-sm text-slate-600">
          {t(m.howMuch, { amount: formatNairaAmount(user?.wallet_balance), b: balance })}
        </p>
        {topUp.confirming && (
          <Alert tone="info" className="mb-4">
            {t(m.busyConfirming)}
          </Alert>
        )}
        <FundWalletForm
          start={topUp.start}
          beforeWidget={() => flushSync(() => setFundOpen(false))}
          disabled={topUp.confirming}
        />
      </Dialog>
    </div>
  );
}
