import { OFFLINE_COPIES_TEXT } from "../../../lib/offline";
import { AREA_LABELS, BROWSER_DATA } from "../utils/browser-data";
import { InfoLink, InfoList, InfoPage, InfoSection } from "./info-page";

/** /cookie-policy: the site sets no cookies; what it keeps in the browser's storage, item by item. */
export function CookiePolicyScreen() {
  return (
    <InfoPage
      title="Cookie Policy"
      intro={
        <p>
          Hospipay sets <strong>no cookies</strong>: none for advertising, none for analytics and none to follow you across sites.
          What the site needs to work is kept in your browser's own storage, listed below.
        </p>
      }
    >
      <InfoSection title="What this site keeps in your browser">
        <p>
          Items "kept on this browser" stay until they are removed (local storage); items for "this tab only" go when you close
          the tab (session storage). They are read by this site alone and sent nowhere, except your sign-in, which goes only to
          Hospipay's own server to show that it is you. Card details are never kept.
        </p>
        <ul className="space-y-3">
          {BROWSER_DATA.map((entry) => (
            <li key={`${entry.area}:${entry.key}`} className="rounded-lg border border-slate-200 bg-white p-4">
              <h3 className="font-semibold text-slate-900">{entry.label}</h3>
              <p className="mt-1">{entry.purpose}</p>
              <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-slate-700">Where</dt>
                <dd>
                  {AREA_LABELS[entry.area]}, under <code className="rounded bg-slate-100 px-1">{entry.key}</code>
                </dd>
                <dt className="font-medium text-slate-700">How long</dt>
                <dd>{entry.lasts}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection title="Offline copies">
        <p>{OFFLINE_COPIES_TEXT}</p>
      </InfoSection>

      <InfoSection title="Payment windows">
        <p>
          When you open Remita's or Paystack's payment window, that window comes from the payment company, which may use its own
          cookies under its own policy to process the payment securely. Hospipay does not read them.
        </p>
      </InfoSection>

      <InfoSection title="Your choice">
        <InfoList>
          <li>
            See and clear what this browser keeps for Hospipay in <InfoLink to="/privacy-settings">Privacy Settings</InfoLink>.
            Clearing signs you out and empties your cart.
          </li>
          <li>
            Blocking site storage in your browser's settings stops the site from keeping you signed in or remembering your cart,
            so signing in and Quick Pay will not work.
          </li>
        </InfoList>
      </InfoSection>
    </InfoPage>
  );
}
