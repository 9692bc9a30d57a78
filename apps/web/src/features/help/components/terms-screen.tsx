import { CHARGE_FEE_KOBO } from "@hospipay/contract";
import { t } from "../../../i18n";
import { termsMessages as m } from "../messages";
import { ContactSection, InfoList, InfoPage, InfoSection } from "./info-page";
import { linkTo } from "./rich-text";

/** /terms: the terms of use, in plain words. */
export function TermsScreen() {
  return (
    <InfoPage title={t(m.title)} intro={<p>{t(m.intro)}</p>}>
      <InfoSection title={t(m.providerTitle)}>
        <p>{t(m.providerText)}</p>
      </InfoSection>

      <InfoSection title={t(m.payingTitle)}>
        <InfoList>
          <li>{t(m.prices)}</li>
          <li>{t(m.fee, { fee: `₦${CHARGE_FEE_KOBO / 100}` })}</li>
          <li>{t(m.counts)}</li>
          <li>{t(m.expires)}</li>
          <li>{t(m.check)}</li>
        </InfoList>
      </InfoSection>

      <InfoSection title={t(m.walletTitle)}>
        <InfoList>
          <li>{t(m.walletVerified)}</li>
          <li>{t(m.walletHolds)}</li>
          <li>{t(m.walletKyc)}</li>
          <li>{t(m.walletPassword)}</li>
        </InfoList>
      </InfoSection>

      <InfoSection title={t(m.refundsTitle)}>
        <p>{t(m.refundsText)}</p>
      </InfoSection>

      <InfoSection title={t(m.fairTitle)}>
        <p>{t(m.fairText)}</p>
      </InfoSection>

      <InfoSection title={t(m.dataTitle)}>
        <p>{t(m.dataText, { privacy: linkTo("/privacy-settings"), cookies: linkTo("/cookie-policy") })}</p>
      </InfoSection>

      <InfoSection title={t(m.changesTitle)}>
        <p>{t(m.changesText)}</p>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
