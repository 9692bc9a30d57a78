import { t } from "../../../i18n";
import { cookieMessages as m, dataMessages } from "../messages";
import { offlineCopiesMessages } from "../../../lib/offline-copies.messages";
import { AREA_LABELS, BROWSER_DATA } from "../utils/browser-data";
import { InfoList, InfoPage, InfoSection } from "./info-page";
import { bold, linkTo } from "./rich-text";

/** /cookie-policy: the site sets no cookies; what it keeps in the browser's storage, item by item. */
export function CookiePolicyScreen() {
  return (
    <InfoPage title={t(m.title)} intro={<p>{t(m.intro, { b: bold })}</p>}>
      <InfoSection title={t(m.keptTitle)}>
        <p>{t(m.keptText)}</p>
        <ul className="space-y-3">
          {BROWSER_DATA.map((entry) => (
            <li key={`${entry.area}:${entry.key}`} className="rounded-lg border border-slate-200 bg-white p-4">
              <h3 className="font-semibold text-slate-900">{t(entry.label)}</h3>
              <p className="mt-1">{t(entry.purpose)}</p>
              <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-slate-700">{t(m.where)}</dt>
                <dd>
                  {t(dataMessages.where, {
                    area: t(AREA_LABELS[entry.area]),
                    key: entry.key,
                    code: (chunks) => <code className="rounded bg-slate-100 px-1">{chunks}</code>,
                  })}
                </dd>
                <dt className="font-medium text-slate-700">{t(m.howLong)}</dt>
                <dd>{t(entry.lasts)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection title={t(offlineCopiesMessages.copiesTitle)}>
        <p>{t(offlineCopiesMessages.copiesText)}</p>
      </InfoSection>

      <InfoSection title={t(m.windowsTitle)}>
        <p>{t(m.windowsText)}</p>
      </InfoSection>

      <InfoSection title={t(m.choiceTitle)}>
        <InfoList>
          <li>{t(m.choiceClear, { link: linkTo("/privacy-settings") })}</li>
          <li>{t(m.choiceBlock)}</li>
        </InfoList>
      </InfoSection>
    </InfoPage>
  );
}
