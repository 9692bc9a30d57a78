import { FIELD_MESSAGES, MESSAGES } from "@hospipay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, PasswordField, TextField } from "../../../components/ui/form";
import { ApiError, errorDetail } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";
import { postLoginPath } from "../../../lib/session/role-routing";
import { startSession } from "../../../lib/session/session-store";
import { useLogin } from "../api/login";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { authMessages as c, loginMessages as m } from "../messages";
import { storeIdentifier } from "../utils/identifier";
import { AuthCard, authLinkClasses } from "./auth-card";

/** /login, 'Sign In' (SPEC §2). */
export function LoginScreen() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string>();
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = () => {
    const identifier = email.trim();
    const errors = {
      email: identifier ? undefined : FIELD_MESSAGES.required,
      password: password ? undefined : FIELD_MESSAGES.required,
    };
    setFieldErrors(errors);
    setFormError(undefined);
    if (errors.email || errors.password) return;

    login.mutate(
      { username_or_email: identifier, password },
      {
        onSuccess: ({ access, user }) => {
          startSession(access, user);
          queryClient.setQueryData(profileQueryKey, user);
          void navigate(postLoginPath(user.role), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "email_not_verified") {
            // The account exists but is not verified yet: carry the e-mail to /verify.
            storeIdentifier(identifier);
            toast.info(error.detail ? specText(error.detail) : t(m.verifyToContinue));
            void navigate("/verify");
            return;
          }
          setFormError(errorDetail(error, MESSAGES.login.failed));
        },
      },
    );
  };

  return (
    <AuthCard
      title={t(m.title)}
      subtitle={t(m.subtitle)}
      footer={
        <>
          {t(m.newHere)}{" "}
          <Link to="/register" className={authLinkClasses}>
            {t(m.createAccount)}
          </Link>
        </>
      }
    >
      <Form onSubmit={submit} aria-label={t(m.form)}>
        {formError && <Alert tone="error">{specText(formError)}</Alert>}
        <TextField
          label={t(c.email)}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          error={fieldErrors.email && specText(fieldErrors.email)}
        />
        <PasswordField
          label={t(c.password)}
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={fieldErrors.password && specText(fieldErrors.password)}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`${authLinkClasses} text-sm`}>
            {t(m.forgotPassword)}
          </Link>
        </div>
        <Button type="submit" busy={login.isPending} className="w-full">
          {t(m.submit)}
        </Button>
      </Form>
    </AuthCard>
  );
}
