import {
  CHARGE_FEE_KOBO,
  LOOKUP_DIGIT_LENGTH,
  PASSWORD_RESET_TTL_MINUTES,
  RESEND_WAIT_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
} from "@hospipay/contract";
import type { ReactNode } from "react";
import { ContactSection, InfoLink, InfoPage, InfoSection } from "./info-page";

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
    <InfoPage
      title="Frequently Asked Questions"
      intro={<p>Short answers about paying the hospital with Hospipay, your receipts and your wallet.</p>}
    >
      <InfoSection title="Paying">
        <Question question="Do I need an account to pay?">
          <p>
            No. Choose <strong>Quick Pay</strong> on the home page, pick the services, check your cart and pay as a guest by
            Remita (card or bank) or by transfer to a one-off Monnify account number. With a wallet you can also pay from your
            prepaid balance, by Paystack, or by transfer to the hospital's account.
          </p>
        </Question>
        <Question question="Why is there a fee on my cart?">
          <p>
            Every cart payment carries a fixed charge fee of {FEE_NAIRA}, shown on the payment summary before you pay. There is no
            other fee, and nobody may ask you for money outside the cart.
          </p>
        </Question>
        <Question question="What is an RRR?">
          <p>
            The Remita Retrieval Reference: a 12-digit number Remita gives every Remita payment. You can pay it in Remita's window
            here, and you can use it to find the payment later.
          </p>
        </Question>
        <Question question="I paid by bank transfer. Why is my payment still pending?">
          <p>
            A transfer to a Monnify account number is confirmed as soon as Monnify tells the hospital it has arrived, usually
            within minutes. A transfer to the hospital's own account is checked by the Revenue Office, which can take 24 to 48
            hours. Your receipt follows by e-mail once it is confirmed.
          </p>
        </Question>
        <Question question="Can I pay for someone else?">
          <p>
            Yes. With a wallet, choose <strong>Someone Else</strong> on the payment page and enter the patient's details. As a
            guest, enter the patient's details on the payment summary.
          </p>
        </Question>
      </InfoSection>

      <InfoSection title="Receipts and past payments">
        <Question question="Where is my receipt?">
          <p>
            A receipt is e-mailed to the address given with the payment once the payment is confirmed. Only a completed payment
            has a receipt: a pending one is an invoice still awaiting payment.
          </p>
        </Question>
        <Question question="How do I find an old payment?">
          <p>
            Use <InfoLink to="/#transaction">Transaction Invoices</InfoLink> on the home page with the e-mail address and the last{" "}
            {LOOKUP_DIGIT_LENGTH} digits of the phone number given with the payment. With a wallet, your history is on your
            dashboard.
          </p>
        </Question>
        <Question question="How do I get a refund?">
          <p>
            Ask the Revenue Office with your payment reference. Refunds are decided by the hospital's staff; a large refund needs
            a senior officer's approval. You never pay anything to receive a refund.
          </p>
        </Question>
      </InfoSection>

      <InfoSection title="Your wallet and account">
        <Question question="My verification code does not work.">
          <p>
            A code is valid for {VERIFICATION_CODE_TTL_MINUTES} minutes and only the latest one counts. Press{" "}
            <strong>Resend code</strong> for a new one ({RESEND_WAIT_SECONDS} seconds after the last), and check your spam folder.
          </p>
        </Question>
        <Question question="I forgot my password.">
          <p>
            Use <InfoLink to="/forgot-password">Forgot password?</InfoLink> on the sign-in page. The link we e-mail you works for{" "}
            {PASSWORD_RESET_TTL_MINUTES} minutes.
          </p>
        </Question>
        <Question question="Why does the hospital ask for my KYC details?">
          <p>
            Identity verification (KYC) confirms that a wallet belongs to the person named on it before it holds larger sums or
            becomes a corporate account. See <InfoLink to="/privacy-settings">Privacy Settings</InfoLink> for what is kept and for
            how long.
          </p>
        </Question>
        <Question question="How do I stay safe?">
          <p>
            Read the <InfoLink to="/safety-tips">Safety Tips</InfoLink>: the hospital never asks for your card PIN or an OTP.
          </p>
        </Question>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
