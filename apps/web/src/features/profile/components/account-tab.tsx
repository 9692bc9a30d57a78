import { MESSAGES, profileUpdateInputSchema, type ProfileUpdateInput } from "@hospipay/contract";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import type { SessionUser } from "../../../lib/session/session-user";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useUpdateProfile } from "../api/update-profile";
import { accountMessages as m } from "../messages";

type AccountValues = Required<{ [K in keyof ProfileUpdateInput]: string }>;

function valuesOf(user: SessionUser): AccountValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    hospital_number: user.kyc.hospital_number,
    next_of_kin_name: user.kyc.next_of_kin_name,
    next_of_kin_phone: user.kyc.next_of_kin_phone,
    next_of_kin_address: user.kyc.next_of_kin_address,
  };
}

const FIELDS: Array<{ name: keyof AccountValues; label: MessageDescriptor; type?: string; autoComplete?: string }> = [
  { name: "first_name", label: m.firstName, autoComplete: "given-name" },
  { name: "last_name", label: m.lastName, autoComplete: "family-name" },
  { name: "phone_number", label: m.phoneNumber, type: "tel", autoComplete: "tel" },
  { name: "hospital_number", label: m.hospitalNumber },
  { name: "next_of_kin_name", label: m.nextOfKinName },
  { name: "next_of_kin_phone", label: m.nextOfKinPhone, type: "tel" },
  { name: "next_of_kin_address", label: m.nextOfKinAddress },
];

/** The first message the server sent for a field, in the current language when it is SPEC's. */
function errorOf(messages: string[] | undefined): string | undefined {
  const message = messages?.[0];
  return message && specText(message);
}

/**
 * The Account tab. 'Save' is enabled only while the values pass the server's own schema and nothing
 * is busy (SPEC §5; the check's details are not shown, the server's field errors are).
 */
export function AccountTab({ user }: { user: SessionUser }) {
  const [values, setValues] = useState<AccountValues>(() => valuesOf(user));
  const update = useUpdateProfile();
  const parsed = profileUpdateInputSchema.safeParse(values);
  const fieldErrors = update.error instanceof ApiError ? update.error.fieldErrors : {};

  const onSubmit = () => {
    if (!parsed.success || update.isPending) return;
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(t(m.updated)),
      onError: () => toast.error(specText(MESSAGES.profile.failed)),
    });
  };

  return (
    <Form onSubmit={onSubmit} aria-label={t(m.form)}>
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.slice(0, 2).map((field) => (
          <TextField
            key={field.name}
            label={t(field.label)}
            value={values[field.name]}
            onValueChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            autoComplete={field.autoComplete}
            error={errorOf(fieldErrors[field.name])}
          />
        ))}
      </div>
      <TextField label={t(m.email)} type="email" value={user.email} onValueChange={() => undefined} readOnly disabled />
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.slice(2).map((field) => (
          <TextField
            key={field.name}
            label={t(field.label)}
            type={field.type}
            value={values[field.name]}
            onValueChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            autoComplete={field.autoComplete}
            error={errorOf(fieldErrors[field.name])}
          />
        ))}
      </div>
      <Button type="submit" disabled={!parsed.success} busy={update.isPending}>
        {t(m.save)}
      </Button>
    </Form>
  );
}
