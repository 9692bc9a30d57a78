import { MESSAGES, PASSWORD_MIN_LENGTH } from "@hospipay/contract";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Form, PasswordField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useResetPassword } from "../api/reset-password";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../hooks/use-redirect-after";
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
      <AuthCard title="Set a New Password">
        <Alert tone="error">This password reset link is invalid or incomplete. Please request a new one.</Alert>
        <ButtonLink to="/forgot-password" className="mt-6 w-full">
          Request a new reset link
        </ButtonLink>
      </AuthCard>
    );
  }

  if (doneMessage !== undefined) {
    return (
      <AuthCard title="Set a New Password">
        <Alert tone="success">
          <p className="font-semibold">{doneMessage}</p>
          <p className="mt-1">Taking you to sign in…</p>
        </Alert>
        <p className="mt-6 text-sm">
          <Link to="/login" className={authLinkClasses}>
            Sign in with your new password
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
        onSuccess: (result) => setDoneMessage(result.detail ?? "Your password has been reset."),
        onError: (error) => setFormError(resetFailure(error)),
      },
    );
  };

  return (
    <AuthCard
      title="Set a New Password"
      subtitle={`Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`}
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to sign in
        </Link>
      }
    >
      <Form onSubmit={submit} aria-label="Set a new password">
        {formError && <Alert tone="error">{formError}</Alert>}
        <PasswordField label="New password" autoComplete="new-password" value={password} onValueChange={setPassword} />
        <PasswordField label="Confirm new password" autoComplete="new-password" value={confirm} onValueChange={setConfirm} />
        <Button type="submit" busy={reset.isPending} className="w-full">
          Reset password
        </Button>
      </Form>
    </AuthCard>
  );
}
