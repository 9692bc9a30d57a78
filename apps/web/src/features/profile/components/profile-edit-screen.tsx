import { useState } from "react";
import { Tabs, type TabItem } from "../../../components/ui/tabs";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { AccountTab } from "./account-tab";
import { ChangePasswordTab } from "./change-password-tab";
import { t } from "../../../i18n";
import { settingsMessages as m } from "../messages";
import { KycTab } from "./kyc-tab";

type SettingsTab = "account" | "password" | "kyc";

const TABS = [
  { value: "account", label: m.accountTab },
  { value: "password", label: m.passwordTab },
  { value: "kyc", label: m.kycTab },
] as const;

/** /profile/edit, 'Account Settings' (SPEC §2): the Account, Change Password and KYC tabs. */
export function ProfileEditScreen() {
  const user = useCurrentUser();
  const [tab, setTab] = useState<SettingsTab>("account");
  const tabs: Array<TabItem<SettingsTab>> = TABS.map(({ value, label }) => ({ value, label: t(label) }));
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="rounded-2xl bg-gradient-to-br from-teal-800 to-emerald-700 p-6 text-white">
        <h1 className="text-3xl font-bold tracking-tight">{t(m.title)}</h1>
        <p className="mt-1 text-teal-50">{t(m.lead)}</p>
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <Tabs label={t(m.tabs)} items={tabs} value={tab} onChange={setTab}>
          <div className="pt-6">
            {tab === "account" && user && <AccountTab user={user} />}
            {tab === "password" && <ChangePasswordTab />}
            {tab === "kyc" && <KycTab />}
          </div>
        </Tabs>
      </div>
    </div>
  );
}
