import { PASSWORD_RESET_TTL_MINUTES, VERIFICATION_CODE_TTL_MINUTES } from "@hospipay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cart } from "../../../lib/cart-store";
import { logoutRequest } from "../../../lib/session/logout";
import { forgetPayerCaches } from "../../../lib/offline";
import { clearSession, getToken } from "../../../lib/session/session-store";
import { AREA_LABELS, clearBrowserData, readBrowserData, type StoredItem } from "../utils/browser-data";
import { ContactSection, ExternalLink, InfoLink, InfoList, InfoPage, InfoSection } from "./info-page";

function StoredList({ items }: { items: StoredItem[] }) {
  if (items.length === 0) return <p className="font-medium text-slate-900">This browser keeps nothing for Hospipay.</p>;
  return (
    <ul className="space-y-2" aria-label="Kept in this browser">
      {items.map((item) => (
        <li key={`${item.area}:${item.key}`} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="font-semibold text-slate-900">{item.entry?.label ?? "Other data of this site"}</p>
          <p className="text-sm text-slate-600">
            {AREA_LABELS[item.area]}, under <code className="rounded bg-slate-100 px-1 break-all">{item.key}</code>
          </p>
          {item.entry ? <p className="mt-1 text-sm">{item.entry.purpose}</p> : null}
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
    await forgetPayerCaches();
    queryClient.clear();
    setItems(readBrowserData());
    setCleared(true);
    setBusy(false);
  };

  return (
    <>
      <InfoSection title="What this browser keeps">
        <p>
          This is what Hospipay has stored in this browser right now. The <InfoLink to="/cookie-policy">Cookie Policy</InfoLink>{" "}
          explains each item. No cookies are set.
        </p>
        <StoredList items={items} />
      </InfoSection>
      <InfoSection title="Clear this browser's data">
        <p id="clear-browser-data-hint">
          Removes everything above from this browser: you are signed out, your cart is emptied and remembered details are
          forgotten. Your account, wallet, payments and receipts stay safe with the hospital.
        </p>
        <Button variant="secondary" busy={busy} onClick={() => void clear()} aria-describedby="clear-browser-data-hint">
          Clear this browser's data
        </Button>
        {cleared ? <Alert tone="success">This browser no longer keeps any Hospipay data, and you are signed out.</Alert> : null}
      </InfoSection>
    </>
  );
}

/** /privacy-settings: this browser's data with a way to clear it, then what the hospital keeps and the payer's rights. */
export function PrivacySettingsScreen() {
  return (
    <InfoPage
      title="Privacy Settings"
      intro={
        <p>
          See and clear what this browser keeps for Hospipay, and read what the hospital collects about you, why, for how long,
          and your rights under the Nigeria Data Protection Act 2023.
        </p>
      }
    >
      <BrowserData />

      <InfoSection title="What the hospital collects and why">
        <InfoList>
          <li>
            <strong>Name, e-mail address and phone number</strong>, yours or the patient's you pay for: to issue the payment,
            e-mail the receipt, verification codes and password links, and find past payments in the look-up (e-mail and the last
            six digits of the phone number).
          </li>
          <li>
            <strong>Hospital number</strong>: to match the payment to the patient's hospital record.
          </li>
          <li>
            <strong>Payment records</strong> (services, amounts, method, reference, RRR, status, dates and the payment company's
            confirmation): to prove what was paid, issue receipts and refunds, and keep the hospital's accounts. Card payments are
            handled by Remita or Paystack; the hospital never receives your card number, PIN or CVV.
          </li>
          <li>
            <strong>Wallet account</strong> (your password, stored only in a form that cannot be read back, your balance and
            transactions): to run your prepaid wallet.
          </li>
          <li>
            <strong>KYC details</strong> (date of birth or of establishment, address, next of kin's name, phone and address, ID
            type and number) and, for a corporate account, <strong>documents</strong> (utility bill, CAC certificate, board
            letter): to confirm who owns a wallet before it holds larger sums, and to prevent fraud. Only the hospital's
            administrators who review KYC can see them.
          </li>
          <li>
            <strong>Security records</strong> (your IP address, the time and the page requested, and what staff did on your
            payment): to keep the service safe, stop repeated guessing, and account for every staff action.
          </li>
        </InfoList>
        <p>
          The hospital uses these to provide the service you ask for, to keep the financial records the law requires and to keep
          the service secure. It shares only what a payment needs with the payment company you choose (Remita, Monnify or
          Paystack) and with the service that delivers its e-mails. It does not sell your data or use it for advertising.
        </p>
      </InfoSection>

      <InfoSection title="How long it is kept">
        <InfoList>
          <li>
            <strong>Payment records and receipts</strong>, with the name, contact details and hospital number on them: at least
            six years after the end of the financial year of the payment, as Nigerian law on financial records requires, and
            longer only while an audit or dispute needs them.
          </li>
          <li>
            <strong>Your wallet profile</strong>: while your account is open; removed within 30 days of your request to close it,
            except what is part of a payment record.
          </li>
          <li>
            <strong>KYC details and documents</strong>: while your account is open and for two years after it closes, then
            deleted.
          </li>
          <li>
            <strong>Verification codes</strong>: valid for {VERIFICATION_CODE_TTL_MINUTES} minutes and deleted once used or
            replaced; <strong>password reset links</strong> work for {PASSWORD_RESET_TTL_MINUTES} minutes.
          </li>
          <li>
            <strong>Security records</strong>: up to 90 days; counters of repeated attempts, one day. Records of staff actions are
            kept with the payment they concern.
          </li>
        </InfoList>
      </InfoSection>

      <InfoSection title="Your rights">
        <p>Under the Nigeria Data Protection Act 2023 you may ask the hospital:</p>
        <InfoList>
          <li>
            <strong>Access</strong>: whether it holds data about you, and a copy of it.
          </li>
          <li>
            <strong>Correction</strong>: to fix what is wrong or incomplete. You can change most of your profile yourself in
            Account Settings.
          </li>
          <li>
            <strong>Deletion</strong>: to erase your data, except records the law requires it to keep (payment records, above).
          </li>
          <li>
            <strong>Objection and restriction</strong>: to stop or limit a use of your data.
          </li>
          <li>
            <strong>Portability</strong>: your data in a common, machine-readable format (such as CSV), for you or another
            organisation.
          </li>
          <li>
            <strong>Withdrawal of consent</strong>, where a use rests on your consent, and not to be subject to a decision made by
            a computer alone.
          </li>
        </InfoList>
        <p>
          The hospital answers within one month and may ask you to prove who you are first. If you are not satisfied, you may
          complain to the <strong>Nigeria Data Protection Commission</strong> (
          <ExternalLink href="https://ndpc.gov.ng">ndpc.gov.ng</ExternalLink>).
        </p>
      </InfoSection>

      <ContactSection />
    </InfoPage>
  );
}
