import { MESSAGES, profileUpdateInputSchema, type ProfileUpdateInput } from "@hospipay/contract";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import type { SessionUser } from "../../../lib/session/session-user";
import { useUpdateProfile } from "../api/update-profile";

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

const FIELDS: Array<{ name: keyof AccountValues; label: string; type?: string; autoComplete?: string }> = [
  { name: "first_name", label: "First name", autoComplete: "given-name" },
  { name: "last_name", label: "Last name", autoComplete: "family-name" },
  { name: "phone_number", label: "Phone number", type: "tel", autoComplete: "tel" },
  { name: "hospital_number", label: "Hospital number" },
  { name: "next_of_kin_name", label: "Next of kin name" },
  { name: "next_of_kin_phone", label: "Next of kin phone", type: "tel" },
  { name: "next_of_kin_address", label: "Next of kin address" },
];

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
      onSuccess: () => toast.success("Profile updated successfully!"),
      onError: () => toast.error(MESSAGES.profile.failed),
    });
  };

  return (
    <Form onSubmit={onSubmit} aria-label="Account details">
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.slice(0, 2).map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            value={values[field.name]}
            onValueChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            autoComplete={field.autoComplete}
            error={fieldErrors[field.name]?.[0]}
          />
        ))}
      </div>
      <TextField label="Email" type="email" value={user.email} onValueChange={() => undefined} readOnly disabled />
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.slice(2).map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            value={values[field.name]}
            onValueChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            autoComplete={field.autoComplete}
            error={fieldErrors[field.name]?.[0]}
          />
        ))}
      </div>
      <Button type="submit" disabled={!parsed.success} busy={update.isPending}>
        Save
      </Button>
    </Form>
  );
}
