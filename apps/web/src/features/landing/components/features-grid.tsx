import type { ComponentType } from "react";
import { ActivityIcon, ClockIcon, DepositIcon, HistoryIcon, ShieldIcon, WalletIcon, ZapIcon } from "../../../components/ui/icons";

const FEATURES: Array<{ title: string; description: string; Icon: ComponentType<{ className?: string }> }> = [
  { title: "Quick Pay", description: "Pay for hospital services in a few taps, no account needed.", Icon: ZapIcon },
  { title: "Wallet Pay", description: "Settle bills straight from your prepaid wallet balance.", Icon: WalletIcon },
  { title: "Save Time", description: "Skip the queue at the cashier and pay from anywhere.", Icon: ClockIcon },
  { title: "Secured Pay", description: "Every payment runs through trusted, encrypted gateways.", Icon: ShieldIcon },
  { title: "Track Payment", description: "Follow each payment from pending to confirmed.", Icon: ActivityIcon },
  { title: "History", description: "Find past invoices and receipts whenever you need them.", Icon: HistoryIcon },
  { title: "Deposit", description: "Fund your wallet ahead of your next hospital visit.", Icon: DepositIcon },
];

/** 'Explore Our Features': the seven feature cards of SPEC §2. */
export function FeaturesGrid() {
  return (
    <section aria-labelledby="features-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Explore Our Features
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">Everything you need to pay for care without the paperwork.</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
