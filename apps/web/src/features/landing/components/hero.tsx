import { Button, ButtonLink } from "../../../components/ui/button";
import { ReceiptIcon, ShieldIcon, WalletIcon } from "../../../components/ui/icons";
import { t } from "../../../i18n";
import { useQuickPay } from "../../../lib/quick-pay";
import { heroMessages as m } from "../messages";

const HIGHLIGHTS = [
  { text: m.guest, Icon: ReceiptIcon },
  { text: m.wallet, Icon: WalletIcon },
  { text: m.secure, Icon: ShieldIcon },
];

/** The landing hero: welcome title, 'Create Wallet' and 'Quick Pay' (opens the service selection dialog). */
export function Hero() {
  const quickPay = useQuickPay();
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-br from-teal-800 via-teal-700 to-emerald-700 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-20 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-teal-100 uppercase">{t(m.eyebrow)}</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t(m.title)}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-teal-50">{t(m.lead)}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/register" variant="light" size="lg">
              {t(m.createWallet)}
            </ButtonLink>
            <Button variant="onDark" size="lg" onClick={() => quickPay.open()}>
              {t(m.quickPay)}
            </Button>
          </div>
        </div>
        <ul className="hidden space-y-3 rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 lg:block">
          {HIGHLIGHTS.map(({ text, Icon }) => (
            <li key={text.id} className="flex items-center gap-3 rounded-xl bg-white/10 p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-teal-800">
                <Icon className="size-5" />
              </span>
              <span className="font-medium">{t(text)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
