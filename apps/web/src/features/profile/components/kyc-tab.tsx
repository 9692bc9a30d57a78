import { ID_TYPES, kycInputSchema, MESSAGES, type AccountType, type IdType } from "@hospipay/contract";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useKyc } from "../api/get-kyc";
import { useSaveKyc } from "../api/save-kyc";
import { kycFieldsComplete, kycFieldsOf, type KycFields, type KycRecordView } from "../utils/kyc-record";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { kycMessages as m } from "../messages";
import { CorporateUpgrade } from "./corporate-upgrade";

/** Labels of the account types. */
const ACCOUNT_TYPE_LABELS: Record<AccountType, MessageDescriptor> = { INDIVIDUAL: m.personal, CORPORATE: m.corporate };

/** Labels of the ID types (the values are what the API takes). */
export const ID_TYPE_LABELS: Record<IdType, MessageDescriptor> = {
  NIN: m.nin,
  PASSPORT: m.passport,
  DRIVERS_LICENSE: m.driversLicense,
  VOTERS_CARD: m.votersCard,
};

/** The first message the server sent for a field, in the current language when it is SPEC's. */
function errorOf(messages: string[] | undefined): string | undefined {
  const message = messages?.[0];
  return message && specText(message);
}

/** SPEC §4 status colours: verified green, PENDING amber, anything else red. */
export function kycStatusClasses(status: string): string {
  if (status === "verified") return "bg-emerald-100 text-emerald-800 ring-emerald-300";
  if (status === "PENDING") return "bg-amber-100 text-amber-900 ring-amber-300";
  return "bg-red-100 text-red-800 ring-red-300";
}

/** The KYC tab: the customer's record (or create mode when there is none) and the corporate upgrade. */
export function KycTab() {
  const kyc = useKyc();
  if (kyc.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t(m.loading)}
      </p>
    );
  }
  if (kyc.isError) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{specText(MESSAGES.kyc.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => void kyc.refetch()}>
          {t(m.tryAgain)}
        </Button>
      </div>
    );
  }
  const record = kyc.data;
  return (
    <div className="space-y-8">
      {/* Keyed by record so the form starts from the loaded values, and from the server's after a save. */}
      <KycForm key={record ? `${record.id}` : "new"} record={record} />
      <CorporateUpgrade record={record} />
    </div>
  );
}

function KycStatus({ record }: { record: KycRecordView | null }) {
  if (!record) {
    return <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">{t(m.notSubmitted)}</p>;
  }
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div className="flex items-center gap-2">
          <dt className="text-slate-600">{t(m.status)}</dt>
          <dd>
            <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", kycStatusClasses(record.status))}>
              {record.status ? t(m.statusValue, { status: record.status }) : t(m.unknown)}
            </span>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-slate-600">{t(m.tierLevel)}</dt>
          <dd className="font-semibold text-slate-900">{record.tier_level ?? t(m.notApplicable)}</dd>
        </div>
      </dl>
      {record.status === "REJECTED" && (
        <p className="text-red-800">
          {t(m.rejectionReason, {
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
            reason: record.rejection_reason ?? t(m.noReason),
          })}
        </p>
      )}
    </div>
  );
}

function KycForm({ record }: { record: KycRecordView | null }) {
  const [fields, setFields] = useState<KycFields>(() => kycFieldsOf(record));
  const [error, setError] = useState<string | null>(null);
  /** The contract schema's messages for the fields it refused before sending (the server checks the same). */
  const [invalid, setInvalid] = useState<Partial<Record<keyof KycFields, string>>>({});
  const save = useSaveKyc();
  const locked = record?.status === "verified";
  const corporate = fields.account_type === "CORPORATE";
  const serverErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorFor = (name: keyof KycFields) => (invalid[name] ? specText(invalid[name]) : errorOf(serverErrors[name]));

  const set =
    <K extends keyof KycFields>(name: K) =>
    (value: KycFields[K]) => {
      setFields((current) => ({ ...current, [name]: value }));
      // A new ID type asks a new format of the ID number.
      setInvalid(({ [name]: _changed, ...rest }) => (name === "id_type" ? { ...rest, id_number: undefined } : rest));
    };

  const onSubmit = () => {
    if (locked || save.isPending) return;
    if (!kycFieldsComplete(fields)) return setError(MESSAGES.kyc.fieldsRequired);
    const parsed = kycInputSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<keyof KycFields, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof KycFields] ??= issue.message;
      setInvalid(found);
      return setError(null);
    }
    setInvalid({});
    setError(null);
    save.mutate(
      { mode: record ? "update" : "submit", fields },
      {
        onSuccess: () => toast.success(t(record ? m.updated : m.submitted)),
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.detail === MESSAGES.kyc.verifiedLocked
              ? MESSAGES.kyc.verifiedLocked
              : MESSAGES.kyc.submitFailed,
          ),
      },
    );
  };

  const label = t(save.isPending ? m.submitting : record ? m.update : m.submit);

  return (
    <section aria-labelledby="kyc-heading" className="space-y-5">
      <h2 id="kyc-heading" className="text-lg font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
      <KycStatus record={record} />
      <Form onSubmit={onSubmit} aria-label={t(m.form)}>
        <fieldset disabled={locked} className="space-y-5">
          <legend className="sr-only">{t(m.form)}</legend>
          {locked && <p className="text-sm text-slate-600">{specText(MESSAGES.kyc.verifiedLocked)}</p>}
          <div className="grid gap-5 sm:grid-cols-2">
            {/* Nothing to choose: a submission is always Personal, and only the corporate upgrade below,
                with its three documents, makes the account Corporate. */}
            <Field label={t(m.accountType)} error={errorFor("account_type")} hint={corporate ? undefined : t(m.accountTypeHint)}>
              {(control) => (
                <select {...control} value={fields.account_type} disabled className={inputClasses}>
                  <option value={fields.account_type}>{t(ACCOUNT_TYPE_LABELS[fields.account_type])}</option>
                </select>
              )}
            </Field>
            <TextField
              label={t(corporate ? m.establishedOn : m.bornOn)}
              type="date"
              value={fields.dob}
              onValueChange={set("dob")}
              error={errorFor("dob")}
            />
          </div>
          <TextField
            label={t(corporate ? m.officeAddress : m.address)}
            value={fields.address}
            onValueChange={set("address")}
            autoComplete="street-address"
            error={errorFor("address")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t(m.nextOfKinName)}
              value={fields.next_of_kin_name}
              onValueChange={set("next_of_kin_name")}
              error={errorFor("next_of_kin_name")}
            />
            <TextField
              label={t(m.nextOfKinPhone)}
              type="tel"
              value={fields.next_of_kin_phone}
              onValueChange={set("next_of_kin_phone")}
              error={errorFor("next_of_kin_phone")}
            />
          </div>
          <TextField
            label={t(m.nextOfKinAddress)}
            value={fields.next_of_kin_address}
            onValueChange={set("next_of_kin_address")}
            error={errorFor("next_of_kin_address")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t(m.idType)} error={errorFor("id_type")}>
              {(control) => (
                <select
                  {...control}
                  value={fields.id_type}
                  onChange={(event) => set("id_type")(event.target.value as IdType)}
                  className={inputClasses}
                >
                  {ID_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(ID_TYPE_LABELS[type])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TextField
              label={t(m.idNumber)}
              value={fields.id_number}
              onValueChange={set("id_number")}
              error={errorFor("id_number")}
            />
          </div>
          {error && <Alert tone="error">{specText(error)}</Alert>}
          <Button type="submit" disabled={locked} busy={save.isPending}>
            {label}
          </Button>
        </fieldset>
      </Form>
    </section>
  );
}
