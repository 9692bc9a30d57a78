import { MESSAGES, registerInputSchema, type RegisterInput } from "@hospipay/contract";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, PasswordField, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useRegister } from "../api/register";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../hooks/use-redirect-after";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { authMessages as c, registerMessages as m } from "../messages";
import { markCodeSent, storeIdentifier } from "../utils/identifier";
import { AuthCard, authLinkClasses } from "./auth-card";

type RegisterField = keyof RegisterInput;
const FIELDS: RegisterField[] = ["first_name", "last_name", "email", "phone_number", "password"];
const EMPTY: Record<RegisterField, string> = { first_name: "", last_name: "", email: "", phone_number: "", password: "" };

/** The first message per field, for the five fields of the form only. */
function firstMessages(source: Partial<Record<string, string[]>>): Partial<Record<RegisterField, string>> {
  const result: Partial<Record<RegisterField, string>> = {};
  for (const field of FIELDS) {
    const message = source[field]?.[0];
    if (message) result[field] = message;
  }
  return result;
}

/** /register, 'Create Your Wallet' (SPEC §2). */
export function RegisterScreen() {
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const registration = useRegister();
  const done = registration.isSuccess;
  useRedirectAfter(done, "/login", REDIRECT_DELAY_MS);

  const set = (field: RegisterField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    setFormError(undefined);
    // The contract's schema is the server's: the same rules and DRF wording on both sides.
    const parsed = registerInputSchema.safeParse(values);
    if (!parsed.success) {
      const messages: Partial<Record<string, string[]>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        (messages[field] ??= []).push(issue.message);
      }
      setFieldErrors(firstMessages(messages));
      return;
    }
    setFieldErrors({});
    registration.mutate(parsed.data, {
      onSuccess: (result) => {
        const email = result.email ?? parsed.data.email;
        storeIdentifier(email);
        // The server sent the first code with this answer: /verify counts the 60 s from now.
        markCodeSent(email);
      },
      onError: (error) => {
        const serverErrors = error instanceof ApiError ? firstMessages(error.fieldErrors) : {};
        setFieldErrors(serverErrors);
        if (Object.keys(serverErrors).length === 0) setFormError(MESSAGES.register.failed);
      },
    });
  };

  if (done) {
    return (
      <AuthCard title={t(m.title)}>
        <Alert tone="success">
          <p className="font-semibold">{t(m.created)}</p>
          <p className="mt-1">{t(m.checkEmail)}</p>
        </Alert>
        <p className="mt-6 text-sm text-slate-700">
          {t(m.haveCode, {
            link: (chunks) => (
              <Link to="/verify" className={authLinkClasses}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t(m.title)}
      subtitle={t(m.subtitle)}
      footer={t(m.haveAccount, {
        link: (chunks) => (
          <Link to="/login" className={authLinkClasses}>
            {chunks}
          </Link>
        ),
      })}
    >
      <Form onSubmit={submit} aria-label={t(m.form)}>
        {formError && <Alert tone="error">{specText(formError)}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t(m.firstName)}
            autoComplete="given-name"
            value={values.first_name}
            onValueChange={set("first_name")}
            error={fieldErrors.first_name && specText(fieldErrors.first_name)}
            aria-required="true"
          />
          <TextField
            label={t(m.lastName)}
            autoComplete="family-name"
            value={values.last_name}
            onValueChange={set("last_name")}
            error={fieldErrors.last_name && specText(fieldErrors.last_name)}
            aria-required="true"
          />
        </div>
        <TextField
          label={t(c.email)}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onValueChange={set("email")}
          error={fieldErrors.email && specText(fieldErrors.email)}
          aria-required="true"
        />
        <TextField
          label={t(m.phoneNumber)}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={values.phone_number}
          onValueChange={set("phone_number")}
          error={fieldErrors.phone_number && specText(fieldErrors.phone_number)}
          aria-required="true"
        />
        <PasswordField
          label={t(c.password)}
          autoComplete="new-password"
          value={values.password}
          onValueChange={set("password")}
          error={fieldErrors.password && specText(fieldErrors.password)}
          hint={t(m.passwordHint)}
          aria-required="true"
        />
        <Button type="submit" busy={registration.isPending} className="w-full">
          {t(m.submit)}
        </Button>
      </Form>
    </AuthCard>
  );
}
