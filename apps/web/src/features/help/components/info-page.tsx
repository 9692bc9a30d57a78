import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../../../i18n";
import { contactMessages as m } from "../messages";

/** The footer's pages: one readable column, phone first, with the page's title as its only h1. */
export function InfoPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 break-words text-slate-700 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-4 text-lg leading-relaxed">{intro}</div>
      {children}
    </article>
  );
}

/** A titled part of an info page: a region named by its h2, so screen readers can jump between them. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-10 space-y-4 leading-relaxed">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A bulleted list in the pages' prose style. */
export function InfoList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-teal-700">{children}</ul>;
}

const linkClass = "font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-900";

/** A link inside the pages' text. */
export function InfoLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** A link to another site, e.g. the data protection regulator. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={linkClass} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * How to reach the hospital. The app holds no public phone number or e-mail address of the hospital,
 * so the block says where the payer finds them rather than inventing any.
 */
export function ContactSection() {
  return (
    <InfoSection title={t(m.title)}>
      <p>{t(m.intro, { b: (chunks) => <strong>{chunks}</strong> })}</p>
      <InfoList>
        <li>{t(m.inPerson)}</li>
        <li>{t(m.byPhone)}</li>
        <li>{t(m.dataRequests)}</li>
      </InfoList>
      <p>{t(m.haveReady)}</p>
    </InfoSection>
  );
}
