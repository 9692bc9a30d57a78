import { MESSAGES, PASSWORD_MIN_LENGTH } from "@hospipay/contract";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Form, PasswordField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useResetPassword } from "../api/reset-password";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../hooks/use-redirect-after";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { authMessages as c, resetPasswordMessages as m } from "../messages";
import { AuthCard, authLinkClasses } from "./auth-card";

/** The server's reason, else the first field message it sent, else the general fallback. */
function resetFailure(error: unknown): string {
  if (error instanceof ApiError)
    return error.detail ?? error.fieldError("new_password") ?? error.fieldError("token") ?? MESSAGES.forgot.failed;
  return MESSAGES.forgot.failed;
}

/** /reset-password?token=…: the page the reset e-mail links to (beyond SPEC). */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [formError, setFormError] = useState<string>();
  const [doneMessage, setDoneMessage] = useState<string>();
  const reset = useResetPassword();
  useRedirectAfter(doneMessage !== undefined, "/login", REDIRECT_DELAY_MS);

  if (!token) {
    return (
      <AuthCard title={t(m.title)}>
        <Alert tone="error">{t(m.invalidLink)}</Alert>
        <ButtonLink to="/forgot-password" className="mt-6 w-full">
          {t(m.requestNew)}
        </ButtonLink>
      </AuthCard>
    );
  }

  if (doneMessage !== undefined) {
    return (
      <AuthCard title={t(m.title)}>
        <Alert tone="success">
          <p className="font-semibold">{doneMessage ? specText(doneMessage) : t(m.done)}</p>
          <p className="mt-1">{t(c.takingYouToSignIn)}</p>
        </Alert>
        <p className="mt-6 text-sm">
          <Link to="/login" className={authLinkClasses}>
            {t(m.signInWithNew)}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const submit = () => {
    setFormError(undefined);
    if (password !== confirm) {
      setFormError(MESSAGES.profile.passwordsMismatch);
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setFormError(MESSAGES.profile.passwordTooShort);
      return;
    }
    reset.mutate(
      { token, new_password: password },
      {
        onSuccess: (result) => setDoneMessage(result.detail ?? ""),
        onError: (error) => setFormError(resetFailure(error)),
      },
    );
  };

  return (
    <AuthCard
      title={t(m.title)}
      subtitle={t(m.subtitle, { minLength: PASSWORD_MIN_LENGTH })}
      footer={
        <Link to="/login" className={authLinkClasses}>
          {t(c.backToSignIn)}
        </Link>
      }
    >
      <Form onSubmit={submit} aria-label={t(m.form)}>
        {formError && <Alert tone="error">{specText(formError)}</Alert>}
        <PasswordField label={t(c.newPassword)} autoComplete="new-password" value={password} onValueChange={setPassword} />
        <PasswordField label={t(c.confirmNewPassword)} autoComplete="new-password" value={confirm} onValueChange={setConfirm} />
        <Button type="submit" busy={reset.isPending} className="w-full">
          {t(m.submit)}
        </Button>
      </Form>
    </AuthCard>
  );
}
