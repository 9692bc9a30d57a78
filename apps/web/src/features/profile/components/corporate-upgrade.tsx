import { KYC_DOCUMENT_EXTENSIONS, KYC_DOCUMENT_SLOTS, MESSAGES } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, Form } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useUpgradeKyc, type KycDocumentSlot } from "../api/upgrade-kyc";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { corporateMessages as m } from "../messages";
import type { KycRecordView } from "../utils/kyc-record";

const SLOT_LABELS: Record<KycDocumentSlot, MessageDescriptor> = {
  utility_bill: m.utilityBill,
  cac_certificate: m.cacCertificate,
  board_letter: m.boardLetter,
};

const ACCEPT = KYC_DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(",");

/**
 * The corporate upgrade (SPEC §4): enabled only for a verified, non-corporate record. SPEC says the
 * button "reads 'Corporate Account' once enabled", so it is 'Upgrade to Corporate' while disabled and
 * 'Corporate Account' while it can be used. A disabled button shows no tooltip on hover or to a
 * screen reader, so its reason is also a visible hint linked with aria-describedby.
 */
export function CorporateUpgrade({ record }: { record: KycRecordView | null }) {
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<Partial<Record<KycDocumentSlot, File>>>({});
  const [error, setError] = useState<string | null>(null);
  const [upgraded, setUpgraded] = useState<string | null>(null);
  const upgrade = useUpgradeKyc();

  const verified = record?.status === "verified";
  const corporate = record?.account_type === "CORPORATE";
  const enabled = verified && !corporate;
  const reason = corporate ? MESSAGES.kyc.alreadyCorporate : verified ? undefined : MESSAGES.kyc.verifyFirst;

  const onUpload = () => {
    if (upgrade.isPending) return;
    const [utility_bill, cac_certificate, board_letter] = KYC_DOCUMENT_SLOTS.map((slot) => files[slot]);
    if (!utility_bill || !cac_certificate || !board_letter) return setError(MESSAGES.kyc.documentsRequired);
    setError(null);
    upgrade.mutate(
      { utility_bill, cac_certificate, board_letter },
      {
        onSuccess: () => {
          setOpen(false);
          setFiles({});
          setUpgraded(MESSAGES.kyc.upgraded);
        },
        onError: (failure) => {
          const fileMessage =
            failure instanceof ApiError ? KYC_DOCUMENT_SLOTS.map((slot) => failure.fieldError(slot)).find(Boolean) : undefined;
          setError(fileMessage ?? MESSAGES.kyc.upgradeFailed);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${hintId}-heading`} className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id={`${hintId}-heading`} className="text-lg font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={!enabled}
          title={reason && specText(reason)}
          aria-describedby={reason ? hintId : undefined}
          aria-expanded={enabled ? open : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {enabled ? t(m.open) : t(m.upgrade)}
        </Button>
        {reason && (
          <p id={hintId} className="text-sm text-slate-600">
            {specText(reason)}
          </p>
        )}
      </div>
      {upgraded && <Alert tone="success">{specText(upgraded)}</Alert>}
      {enabled && open && (
        <Form onSubmit={onUpload} aria-label={t(m.form)} className="space-y-4 rounded-lg bg-slate-50 p-4">
          <p className="text-sm text-slate-700">{t(m.instructions)}</p>
          {KYC_DOCUMENT_SLOTS.map((slot) => (
            <Field key={slot} label={t(SLOT_LABELS[slot])}>
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept={ACCEPT}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    setFiles((current) => ({ ...current, [slot]: file }));
                  }}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-teal-700 file:px-4 file:font-semibold file:text-white"
                />
              )}
            </Field>
          ))}
          {error && <Alert tone="error">{specText(error)}</Alert>}
          <Button type="submit" busy={upgrade.isPending}>
            {t(m.submit)}
          </Button>
        </Form>
      )}
    </section>
  );
}
