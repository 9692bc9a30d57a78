import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { t } from "../../i18n";
import { layoutMessages as m } from "../messages";
import { Brand } from "./brand";

const noSubscription = () => () => {};

/** This year; while hydrating a page prerendered at build time, the build's year, so that the markup matches it. */
function useYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/** SPEC §2's quick links, each to its own page (lazy chunks: none of their text is in the landing page's download). */
export const QUICK_LINKS = [
  { label: m.faq, to: "/faq" },
  { label: m.safetyTips, to: "/safety-tips" },
  { label: m.terms, to: "/terms" },
  { label: m.cookiePolicy, to: "/cookie-policy" },
  { label: m.privacySettings, to: "/privacy-settings" },
] as const;

/** Social networks are shown without targets (SPEC §2), so they are labelled images, not links. */
const SOCIALS = [
  { name: "Facebook", path: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z" },
  { name: "X", path: "M4 4l16 16M20 4 4 20" },
  {
    name: "Instagram",
    path: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01",
  },
  { name: "LinkedIn", path: "M4 9h4v11H4zM6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm5 5h4v2a4 4 0 0 1 7 3v6h-4v-6a2 2 0 0 0-4 0v6h-3z" },
];

/** The public footer: about, quick links and social networks. */
export function SiteFooter() {
  const year = useYear();
  return (
    <footer className="bg-teal-950 text-teal-50 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-about">
          <Brand tone="light" />
          <h2 id="footer-about" className="mt-4 text-sm font-semibold tracking-wide text-white uppercase">
            {t(m.about)}
          </h2>
          <p className="mt-2 max-w-xs text-sm leading-relaxed text-teal-100">{t(m.aboutText)}</p>
          <Link
            to="/about"
            className="mt-3 inline-block text-sm font-semibold text-white underline underline-offset-4 hover:text-teal-200"
          >
            {t(m.aboutHospipay)}
          </Link>
        </section>
        <section aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t(m.quickLinks)}
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-teal-100">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 underline-offset-4 hover:text-white hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t(m.followUs)}
          </h2>
          <ul className="mt-3 flex gap-3">
            {SOCIALS.map((social) => (
              <li key={social.name}>
                <span
                  role="img"
                  aria-label={social.name}
                  className="flex size-10 items-center justify-center rounded-full bg-teal-900 text-teal-50"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d={social.path} />
                  </svg>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-teal-900 py-5 text-center text-xs text-teal-200">{t(m.copyright, { year: String(year) })}</p>
    </footer>
  );
}
