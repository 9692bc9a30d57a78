import { forgotPasswordInputSchema, MESSAGES } from "@hospipay/contract";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { errorDetail } from "../../../lib/api-client";
import { useForgotPassword } from "../api/forgot-password";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { authMessages as c, forgotPasswordMessages as m } from "../messages";
import { AuthCard, authLinkClasses } from "./auth-card";

/** /forgot-password, 'Reset Your Password' (SPEC §2). */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sentMessage, setSentMessage] = useState<string>();
  const forgot = useForgotPassword();

  const submit = () => {
    setFormError(undefined);
    setSentMessage(undefined);
    const parsed = forgotPasswordInputSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    forgot.mutate(parsed.data, {
      onSuccess: (result) => setSentMessage(result.message || MESSAGES.forgot.sent),
      onError: (error) => setFormError(errorDetail(error, MESSAGES.forgot.failed)),
    });
  };

  return (
    <AuthCard
      title={t(m.title)}
      subtitle={t(m.subtitle)}
      footer={
        <Link to="/login" className={authLinkClasses}>
          {t(c.backToSignIn)}
        </Link>
      }
    >
      <Form onSubmit={submit} aria-label={t(m.form)}>
        {formError && <Alert tone="error">{specText(formError)}</Alert>}
        {sentMessage && <Alert tone="success">{specText(sentMessage)}</Alert>}
        <TextField
          label={t(c.email)}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          error={emailError && specText(emailError)}
        />
        <Button type="submit" busy={forgot.isPending} className="w-full">
          {t(m.submit)}
        </Button>
      </Form>
    </AuthCard>
  );
}
