import { t } from "../../../i18n";
import { aboutMessages as m } from "../about.messages";

/** /about: placeholder text (SPEC §2). */
export function AboutScreen() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
      <p className="mt-4 leading-relaxed text-slate-700">{t(m.body)}</p>
      <p className="mt-4 leading-relaxed text-slate-700">{t(m.soon)}</p>
    </div>
  );
}
