import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useOfflineRefusal } from "../../../lib/offline";
import type { TopUpStartResult } from "../hooks/use-top-up";
import { fundFormMessages as m } from "../messages";

/**
 * The top-up amount and its button. The Fund Wallet dialog and the Payments tab's Fund entry both
 * show it; `beforeWidget` runs just before Remita's widget opens (the dialog closes then, so that
 * the widget gets the focus and gives it back to 'Fund Wallet').
 */
export function FundWalletForm({
  start,
  beforeWidget,
  disabled = false,
}: {
  start: (amount: string, beforeShow?: () => void) => Promise<TopUpStartResult>;
  beforeWidget?: () => void;
  disabled?: boolean;
}) {
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const offline = useOfflineRefusal();

  const submit = async () => {
    setFieldError(undefined);
    setError(undefined);
    // Offline nothing is sent, nor kept to be sent later.
    if (offline.refuse()) return;
    setBusy(true);
    const result = await start(amount, beforeWidget).finally(() => setBusy(false));
    if (result.shown) {
      setAmount("");
      return;
    }
    setFieldError(result.fieldError);
    setError(result.error);
  };

  return (
    <Form onSubmit={() => void submit()} className="space-y-4">
      {offline.refusal && <Alert tone="error">{offline.refusal}</Alert>}
      {error && <Alert tone="error">{specText(error)}</Alert>}
      <TextField
        label={t(m.amount)}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t(m.placeholder)}
        value={amount}
        onValueChange={setAmount}
        error={fieldError && specText(fieldError)}
        hint={t(m.hint)}
      />
      <Button type="submit" busy={busy} disabled={disabled} className="w-full sm:w-auto">
        {t(m.submit)}
      </Button>
    </Form>
  );
}
