import { CHARGE_FEE_KOBO } from "@hospipay/contract";
import { ContactSection, InfoLink, InfoList, InfoPage, InfoSection } from "./info-page";

/** This site's own address, as the payer should see it in the address bar. */
function siteAddress(): string {
  return typeof window === "undefined" ? "" : window.location.host;
}

/** /safety-tips: how to tell a real Hospipay payment from a fake request. */
export function SafetyTipsScreen() {
  const host = siteAddress();
  return (
    <InfoPage
      title="Safety Tips"
      intro={
        <p>
          Fraudsters pretend to be hospital staff to get money or card details from patients and their families. These checks take
          a minute and keep your money safe.
        </p>
      }
    >
      <InfoSection title="What the hospital never asks">
        <InfoList>
          <li>
            Your card PIN, a one-time password (OTP), your full card number or CVV, by phone, SMS, WhatsApp, e-mail or in person.
          </li>
          <li>Your Hospipay password or a verification code. Codes are for you to type on this site, not to read out.</li>
          <li>A payment into a personal bank account, a POS agent or a mobile-money wallet.</li>
          <li>
            A "processing", "release" or "refund" fee. The only fee is the ₦{CHARGE_FEE_KOBO / 100} charge fee shown on the
            payment summary, and nobody pays to receive a refund.
          </li>
        </InfoList>
      </InfoSection>

      <InfoSection title="How to spot a fake payment request">
        <InfoList>
          <li>
            <strong>Check the address.</strong> Pay only on this site
            {host ? (
              <>
                {" "}
                (<strong>{host}</strong>)
              </>
            ) : null}
            , typed yourself or opened from the hospital's own notices. A link in a message that leads elsewhere, or to a
            look-alike address, is not the hospital's.
          </li>
          <li>
            <strong>Card payments start here.</strong> You reach Remita's or Paystack's payment window only by pressing Pay on
            this site, never from a link someone sends you.
          </li>
          <li>
            <strong>Transfers go only to the account this site shows.</strong> For a bank transfer, the account number and name
            come from this site's bank details page for your payment reference. Never use an account number sent by phone or
            message.
          </li>
          <li>
            <strong>Check the reference or RRR.</strong> Look the payment up in{" "}
            <InfoLink to="/#transaction">Transaction Invoices</InfoLink> on the home page. A request that does not appear there,
            or shows a different amount, is not from the hospital.
          </li>
          <li>
            <strong>A receipt is only a receipt when it says so.</strong> A completed payment's receipt comes by e-mail and shows
            in the look-up as completed. A screenshot or a pending invoice is not proof of payment.
          </li>
          <li>
            <strong>Pressure is a warning sign.</strong> "Pay now or treatment stops" from an unknown number is a reason to check
            with the Revenue Office first.
          </li>
        </InfoList>
      </InfoSection>

      <InfoSection title="Keep your wallet safe">
        <InfoList>
          <li>Use a password you use nowhere else, and log out on a shared computer or phone.</li>
          <li>
            On a shared device, open <InfoLink to="/privacy-settings">Privacy Settings</InfoLink> and clear this browser's data
            when you finish.
          </li>
          <li>If you receive a verification code or password reset e-mail you did not ask for, do not share it with anyone.</li>
        </InfoList>
      </InfoSection>

      <InfoSection title="If something went wrong">
        <InfoList>
          <li>If you gave out card details, a PIN or an OTP, call your bank at once to block the card.</li>
          <li>If you paid someone who is not the hospital, report it to your bank and to the police.</li>
          <li>Tell the Revenue Office, with the message or number that contacted you, so that others can be warned.</li>
        </InfoList>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
