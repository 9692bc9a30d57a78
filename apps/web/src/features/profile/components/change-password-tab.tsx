import { MESSAGES, PASSWORD_MIN_LENGTH } from "@hospipay/contract";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, PasswordField } from "../../../components/ui/form";
import { useChangePassword } from "../api/change-password";

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
          toast.success(detail || "Password updated successfully!");
        },
        onError: () => setError(MESSAGES.profile.passwordFailed),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} aria-label="Change password">
      <PasswordField
        label="Current password"
        value={currentPassword}
        onValueChange={setCurrentPassword}
        autoComplete="current-password"
        required
      />
      <PasswordField
        label="New password"
        value={newPassword}
        onValueChange={setNewPassword}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
      />
      <PasswordField
        label="Confirm new password"
        value={confirmNewPassword}
        onValueChange={setConfirmNewPassword}
        autoComplete="new-password"
        required
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" busy={change.isPending} disabled={!currentPassword || !newPassword || !confirmNewPassword}>
        Update password
      </Button>
    </Form>
  );
}
