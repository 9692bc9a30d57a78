import { ButtonLink } from "../components/ui/button";
import { t } from "../i18n";
import { appMessages as m } from "./messages";

/** Any unknown path (SPEC §2: placeholder text only). */
export function NotFoundScreen() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <p className="text-sm font-semibold text-teal-800">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t(m.notFoundTitle)}</h1>
      <p className="mt-3 text-slate-600">{t(m.notFoundBody)}</p>
      <ButtonLink to="/" className="mt-8">
        {t(m.notFoundHome)}
      </ButtonLink>
    </div>
  );
}
