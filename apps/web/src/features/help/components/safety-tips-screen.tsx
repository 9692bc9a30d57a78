import { CHARGE_FEE_KOBO } from "@hospipay/contract";
import { t } from "../../../i18n";
import { safetyMessages as m } from "../messages";
import { ContactSection, InfoList, InfoPage, InfoSection } from "./info-page";
import { bold, linkTo } from "./rich-text";

/** This site's own address, as the payer should see it in the address bar. */
function siteAddress(): string {
  return typeof window === "undefined" ? "" : window.location.host;
}

/** /safety-tips: how to tell a real Hospipay payment from a fake request. */
export function SafetyTipsScreen() {
  const host = siteAddress();
  return (
    <InfoPage title={t(m.title)} intro={<p>{t(m.intro)}</p>}>
      <InfoSection title={t(m.neverTitle)}>
        <InfoList>
          <li>{t(m.neverPin)}</li>
          <li>{t(m.neverPassword)}</li>
          <li>{t(m.neverPersonal)}</li>
          <li>{t(m.neverFee, { fee: `₦${CHARGE_FEE_KOBO / 100}` })}</li>
        </InfoList>
      </InfoSection>

      <InfoSection title={t(m.fakeTitle)}>
        <InfoList>
          <li>{host ? t(m.addressHost, { b: bold, host }) : t(m.address, { b: bold })}</li>
          <li>{t(m.cardStart, { b: bold })}</li>
          <li>{t(m.transfers, { b: bold })}</li>
          <li>{t(m.reference, { b: bold, link: linkTo("/#transaction") })}</li>
          <li>{t(m.receipt, { b: bold })}</li>
          <li>{t(m.pressure, { b: bold })}</li>
        </InfoList>
      </InfoSection>

      <InfoSection title={t(m.walletTitle)}>
        <InfoList>
          <li>{t(m.walletPassword)}</li>
          <li>{t(m.walletShared, { link: linkTo("/privacy-settings") })}</li>
          <li>{t(m.walletCode)}</li>
        </InfoList>
      </InfoSection>

      <InfoSection title={t(m.wrongTitle)}>
        <InfoList>
          <li>{t(m.wrongCard)}</li>
          <li>{t(m.wrongPaid)}</li>
          <li>{t(m.wrongTell)}</li>
        </InfoList>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
