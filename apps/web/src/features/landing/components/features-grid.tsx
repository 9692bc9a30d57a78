import type { ComponentType } from "react";
import { ActivityIcon, ClockIcon, DepositIcon, HistoryIcon, ShieldIcon, WalletIcon, ZapIcon } from "../../../components/ui/icons";
import { t, type MessageDescriptor } from "../../../i18n";
import { featuresMessages as m } from "../messages";

const FEATURES: Array<{ title: MessageDescriptor; description: MessageDescriptor; Icon: ComponentType<{ className?: string }> }> =
  [
    { title: m.quickPayTitle, description: m.quickPayText, Icon: ZapIcon },
    { title: m.walletPayTitle, description: m.walletPayText, Icon: WalletIcon },
    { title: m.saveTimeTitle, description: m.saveTimeText, Icon: ClockIcon },
    { title: m.securedPayTitle, description: m.securedPayText, Icon: ShieldIcon },
    { title: m.trackTitle, description: m.trackText, Icon: ActivityIcon },
    { title: m.historyTitle, description: m.historyText, Icon: HistoryIcon },
    { title: m.depositTitle, description: m.depositText, Icon: DepositIcon },
  ];

/** 'Explore Our Features': the seven feature cards of SPEC §2. */
export function FeaturesGrid() {
  return (
    <section aria-labelledby="features-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t(m.heading)}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">{t(m.lead)}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, Icon }) => (
            <li key={title.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{t(title)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(description)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
