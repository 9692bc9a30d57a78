import { MESSAGES, PASSWORD_MIN_LENGTH } from "@hospipay/contract";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, PasswordField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useChangePassword } from "../api/change-password";
import { changePasswordMessages as m } from "../messages";

/** The Change Password tab (SPEC §5): confirmation must match, the new password needs 8 characters. */
export function ChangePasswordTab() {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmNewPassword, setConfirmNewPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  const onSubmit = () => {
    if (change.isPending) return;
    if (newPassword !== confirmNewPassword) return setError(MESSAGES.profile.passwordsMismatch);
    if (newPassword.length < PASSWORD_MIN_LENGTH) return setError(MESSAGES.profile.passwordTooShort);
    setError(null);
    change.mutate(
      { old_password: currentPassword, new_password: newPassword },
      {
        onSuccess: (detail) => {
          setCurrentPassword("");
          setNewPassword("");
          setConfirmNewPassword("");
          toast.success(detail ? specText(detail) : t(m.updated));
        },
        onError: () => setError(MESSAGES.profile.passwordFailed),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} aria-label={t(m.form)}>
      <PasswordField
        label={t(m.current)}
        value={currentPassword}
        onValueChange={setCurrentPassword}
        autoComplete="current-password"
        required
      />
      <PasswordField
        label={t(m.new)}
        value={newPassword}
        onValueChange={setNewPassword}
        autoComplete="new-password"
        hint={t(m.hint, { minLength: PASSWORD_MIN_LENGTH })}
        required
      />
      <PasswordField
        label={t(m.confirm)}
        value={confirmNewPassword}
        onValueChange={setConfirmNewPassword}
        autoComplete="new-password"
        required
      />
      {error && <Alert tone="error">{specText(error)}</Alert>}
      <Button type="submit" busy={change.isPending} disabled={!currentPassword || !newPassword || !confirmNewPassword}>
        {t(m.submit)}
      </Button>
    </Form>
  );
}
