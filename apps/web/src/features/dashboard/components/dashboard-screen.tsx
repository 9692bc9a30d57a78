import { Button, ButtonLink } from "../../../components/ui/button";
import { formatNairaAmount } from "../../../lib/money";
import { useQuickPay } from "../../../lib/quick-pay";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { displayName } from "../../../lib/session/session-user";

/** /dashboard, the customer home. Tabs, funding and history arrive with issue 4. */
export function DashboardScreen() {
  const user = useCurrentUser();
  const quickPay = useQuickPay();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-1 text-slate-600">Welcome back, {user ? displayName(user) : ""}.</p>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        <section
          aria-labelledby="balance-heading"
          className="rounded-2xl bg-gradient-to-br from-teal-800 to-emerald-700 p-6 text-white shadow-sm md:col-span-2"
        >
          <h2 id="balance-heading" className="text-sm font-medium text-teal-50">
            Wallet balance
          </h2>
          <p className="mt-2 text-4xl font-bold tracking-tight tabular-nums">{formatNairaAmount(user?.wallet_balance)}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button variant="light" onClick={() => quickPay.open("/wallet-pay")}>
              Pay Hospital Services
            </Button>
          </div>
        </section>
        <section aria-labelledby="account-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="account-heading" className="font-semibold text-slate-900">
            Your account
          </h2>
          <p className="mt-1 text-sm text-slate-600">Update your details and verify your identity.</p>
          <ButtonLink to="/profile/edit" variant="secondary" className="mt-4 w-full">
            Manage Account
          </ButtonLink>
        </section>
      </div>
    </div>
  );
}
