import { PASSWORD_RESET_TTL_MINUTES, VERIFICATION_CODE_TTL_MINUTES } from "@hospipay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { t } from "../../../i18n";
import { cart } from "../../../lib/cart-store";
import { logoutRequest } from "../../../lib/session/logout";
import { forgetAllPayerCopies } from "../../../lib/payer-caches";
import { clearSession, getToken } from "../../../lib/session/session-store";
import { dataMessages, privacyMessages as m } from "../messages";
import { AREA_LABELS, clearBrowserData, readBrowserData, type StoredItem } from "../utils/browser-data";
import { ContactSection, InfoList, InfoPage, InfoSection } from "./info-page";
import { bold, externalLink, linkTo } from "./rich-text";

function StoredList({ items }: { items: StoredItem[] }) {
  if (items.length === 0) return <p className="font-medium text-slate-900">{t(m.nothingKept)}</p>;
  return (
    <ul className="space-y-2" aria-label={t(m.keptList)}>
      {items.map((item) => (
        <li key={`${item.area}:${item.key}`} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="font-semibold text-slate-900">{t(item.entry?.label ?? dataMessages.other)}</p>
          <p className="text-sm text-slate-600">
            {t(dataMessages.where, {
              area: t(AREA_LABELS[item.area]),
              key: item.key,
              code: (chunks) => <code className="rounded bg-slate-100 px-1 break-all">{chunks}</code>,
            })}
          </p>
          {item.entry ? <p className="mt-1 text-sm">{t(item.entry.purpose)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The browser's side: what is kept here now, and one button that removes all of it and signs out. */
function BrowserData() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState(readBrowserData);
  const [busy, setBusy] = useState(false);
  const [cleared, setCleared] = useState(false);

  const clear = async () => {
    setBusy(true);
    // The server forgets the session too; the browser's data goes whether or not it answers.
    if (getToken()) await logoutRequest().catch(() => undefined);
    clearSession();
    cart.clear();
    clearBrowserData();
    await forgetAllPayerCopies();
    queryClient.clear();
    setItems(readBrowserData());
    setCleared(true);
    setBusy(false);
  };

  return (
    <>
      <InfoSection title={t(m.keptTitle)}>
        <p>{t(m.keptText, { link: linkTo("/cookie-policy") })}</p>
        <StoredList items={items} />
      </InfoSection>
      <InfoSection title={t(m.clearTitle)}>
        <p id="clear-browser-data-hint">{t(m.clearText)}</p>
        <Button variant="secondary" busy={busy} onClick={() => void clear()} aria-describedby="clear-browser-data-hint">
          {t(m.clearButton)}
        </Button>
        {cleared ? <Alert tone="success">{t(m.cleared)}</Alert> : null}
      </InfoSection>
    </>
  );
}

/** /privacy-settings: this browser's data with a way to clear it, then what the hospital keeps and the payer's rights. */
export function PrivacySettingsScreen() {
  return (
    <InfoPage title={t(m.title)} intro={<p>{t(m.intro)}</p>}>
      <BrowserData />

      <InfoSection title={t(m.collectsTitle)}>
        <InfoList>
          <li>{t(m.collectsContact, { b: bold })}</li>
          <li>{t(m.collectsHospitalNumber, { b: bold })}</li>
          <li>{t(m.collectsPayments, { b: bold })}</li>
          <li>{t(m.collectsWallet, { b: bold })}</li>
          <li>{t(m.collectsKyc, { b: bold })}</li>
          <li>{t(m.collectsSecurity, { b: bold })}</li>
        </InfoList>
        <p>{t(m.collectsUse)}</p>
      </InfoSection>

      <InfoSection title={t(m.keptLongTitle)}>
        <InfoList>
          <li>{t(m.keptPayments, { b: bold })}</li>
          <li>{t(m.keptProfile, { b: bold })}</li>
          <li>{t(m.keptKyc, { b: bold })}</li>
          <li>
            {t(m.keptCodes, {
              b: bold,
              codeMinutes: VERIFICATION_CODE_TTL_MINUTES,
              resetMinutes: PASSWORD_RESET_TTL_MINUTES,
            })}
          </li>
          <li>{t(m.keptSecurity, { b: bold })}</li>
        </InfoList>
      </InfoSection>

      <InfoSection title={t(m.rightsTitle)}>
        <p>{t(m.rightsIntro)}</p>
        <InfoList>
          <li>{t(m.rightAccess, { b: bold })}</li>
          <li>{t(m.rightCorrection, { b: bold })}</li>
          <li>{t(m.rightDeletion, { b: bold })}</li>
          <li>{t(m.rightObjection, { b: bold })}</li>
          <li>{t(m.rightPortability, { b: bold })}</li>
          <li>{t(m.rightWithdrawal, { b: bold })}</li>
        </InfoList>
        <p>{t(m.rightsAnswer, { b: bold, link: externalLink("https://ndpc.gov.ng") })}</p>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
