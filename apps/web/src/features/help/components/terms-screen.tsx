import { CHARGE_FEE_KOBO } from "@hospipay/contract";
import { ContactSection, InfoLink, InfoList, InfoPage, InfoSection } from "./info-page";

/** /terms: the terms of use, in plain words. */
export function TermsScreen() {
  return (
    <InfoPage
      title="Terms of Use"
      intro={
        <p>
          Hospipay is the hospital's self-service payment site: you pay hospital services as a guest or from a prepaid wallet, and
          keep your receipts. By using it you agree to these terms.
        </p>
      }
    >
      <InfoSection title="Who provides the service">
        <p>
          The service is provided by the hospital, through its Revenue Office. Payments by card or transfer are processed by
          licensed payment companies (Remita, Monnify and Paystack) under their own terms; the hospital never sees your full card
          details.
        </p>
      </InfoSection>

      <InfoSection title="Paying">
        <InfoList>
          <li>Prices are the hospital's, in Naira, as shown in the service list and on the payment summary.</li>
          <li>
            Every cart payment carries a fixed charge fee of ₦{CHARGE_FEE_KOBO / 100}, shown before you pay. There are no other
            fees.
          </li>
          <li>
            A payment counts only once the hospital's server has confirmed it with the payment company, or, for a transfer to the
            hospital's account, once the Revenue Office has confirmed it. Until then it is awaiting payment and has no receipt.
          </li>
          <li>An unpaid payment request expires after a while; start again from your cart if it does.</li>
          <li>Check the details you enter (name, e-mail, phone, hospital number): receipts go to the e-mail address given.</li>
        </InfoList>
      </InfoSection>

      <InfoSection title="Your wallet">
        <InfoList>
          <li>You need a verified e-mail address to use a wallet.</li>
          <li>The wallet holds Naira you paid in for hospital services; it earns no interest and is not a bank account.</li>
          <li>The hospital may ask you to verify your identity (KYC) before the wallet holds larger sums.</li>
          <li>Keep your password to yourself. You are responsible for payments made while you are signed in.</li>
        </InfoList>
      </InfoSection>

      <InfoSection title="Refunds and mistakes">
        <p>
          If you paid for the wrong service or were charged twice, tell the Revenue Office with your payment reference. Refunds
          are decided by the hospital's staff under the hospital's refund rules, and recorded on your payment. A completed payment
          is never changed or deleted; a refund is a new entry beside it.
        </p>
      </InfoSection>

      <InfoSection title="Fair use">
        <p>
          Do not try to pay with someone else's card without their permission, to get into another person's account, or to
          overload or probe the site. Accounts used this way may be suspended and the matter reported.
        </p>
      </InfoSection>

      <InfoSection title="Your personal data">
        <p>
          The hospital collects only what a payment or a wallet needs, keeps it for stated periods and respects your rights under
          the Nigeria Data Protection Act 2023. See <InfoLink to="/privacy-settings">Privacy Settings</InfoLink> for the details
          and the <InfoLink to="/cookie-policy">Cookie Policy</InfoLink> for what this site keeps in your browser.
        </p>
      </InfoSection>

      <InfoSection title="Changes">
        <p>The hospital may update these terms; the version on this page is the one that applies. Nigerian law governs them.</p>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
