import {
  CHARGE_FEE_KOBO,
  LOOKUP_DIGIT_LENGTH,
  PASSWORD_RESET_TTL_MINUTES,
  RESEND_WAIT_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
} from "@hospipay/contract";
import type { ReactNode } from "react";
import { t } from "../../../i18n";
import { faqMessages as m } from "../messages";
import { ContactSection, InfoPage, InfoSection } from "./info-page";
import { bold, linkTo } from "./rich-text";

const FEE_NAIRA = `₦${CHARGE_FEE_KOBO / 100}`;

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">{question}</h3>
      {children}
    </div>
  );
}

/** /faq: the questions a payer asks at the cashier's window, answered for this product. */
export function FaqScreen() {
  return (
    <InfoPage title={t(m.title)} intro={<p>{t(m.intro)}</p>}>
      <InfoSection title={t(m.payingTitle)}>
        <Question question={t(m.accountQ)}>
          <p>{t(m.accountA, { b: bold })}</p>
        </Question>
        <Question question={t(m.feeQ)}>
          <p>{t(m.feeA, { fee: FEE_NAIRA })}</p>
        </Question>
        <Question question={t(m.rrrQ)}>
          <p>{t(m.rrrA)}</p>
        </Question>
        <Question question={t(m.pendingQ)}>
          <p>{t(m.pendingA)}</p>
        </Question>
        <Question question={t(m.someoneQ)}>
          <p>{t(m.someoneA, { b: bold })}</p>
        </Question>
      </InfoSection>

      <InfoSection title={t(m.receiptsTitle)}>
        <Question question={t(m.receiptQ)}>
          <p>{t(m.receiptA)}</p>
        </Question>
        <Question question={t(m.oldQ)}>
          <p>{t(m.oldA, { link: linkTo("/#transaction"), digits: LOOKUP_DIGIT_LENGTH })}</p>
        </Question>
        <Question question={t(m.refundQ)}>
          <p>{t(m.refundA)}</p>
        </Question>
      </InfoSection>

      <InfoSection title={t(m.walletTitle)}>
        <Question question={t(m.codeQ)}>
          <p>{t(m.codeA, { b: bold, minutes: VERIFICATION_CODE_TTL_MINUTES, seconds: RESEND_WAIT_SECONDS })}</p>
        </Question>
        <Question question={t(m.passwordQ)}>
          <p>{t(m.passwordA, { link: linkTo("/forgot-password"), minutes: PASSWORD_RESET_TTL_MINUTES })}</p>
        </Question>
        <Question question={t(m.kycQ)}>
          <p>{t(m.kycA, { link: linkTo("/privacy-settings") })}</p>
        </Question>
        <Question question={t(m.safeQ)}>
          <p>{t(m.safeA, { link: linkTo("/safety-tips") })}</p>
        </Question>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
