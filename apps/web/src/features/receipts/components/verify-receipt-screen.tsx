import { formatReceiptCode } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { Spinner } from "../../../components/ui/spinner";
import { profileQueryOptions } from "../../../lib/session/get-profile";
import { useToken } from "../../../lib/session/session-store";
import { receiptCodeFrom } from "../utils/receipt-code-input";
import { PublicReceiptResult } from "./public-receipt-result";
import { StaffReceiptResult } from "./staff-receipt-result";
import { t } from "../../../i18n";
import { verifyReceiptMessages as m } from "../messages";

// The camera panel brings the QR library with it: loaded when a staff member first presses "Scan".
const QrScanPanel = lazy(async () => ({ default: (await import("./qr-scan-panel")).QrScanPanel }));

/** Roles that see a receipt's items and give them at the point of care. */
const POINT_OF_CARE_ROLES: ReadonlySet<string> = new Set(["AGENT", "ADMIN", "SUPERADMIN"]);

/**
 * /verify-receipt (beyond SPEC), where a receipt's QR code and e-mail link lead (`?code=`). Anybody can
 * type a code and learn whether it was paid, its amount and date; a signed-in agent, admin or super admin
 * may also scan the QR code with the camera and sees the payer and the items, and marks items as given.
 */
export function VerifyReceiptScreen() {
  const token = useToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: token !== null });
  const staff = token !== null && profile.data !== undefined && POINT_OF_CARE_ROLES.has(profile.data.role);
  const [params, setParams] = useSearchParams();
  const asked = params.get("code") ?? "";
  const code = asked ? receiptCodeFrom(asked) : null;

  const [typed, setTyped] = useState(code ? formatReceiptCode(code) : asked);
  const [typedError, setTypedError] = useState<string | undefined>(() => (asked && code === null ? t(m.invalidCode) : undefined));
  const [scanning, setScanning] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // Each check of a code asks the server again, even for the code already shown.
  const [attempt, setAttempt] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const scanButtonRef = useRef<HTMLButtonElement>(null);

  const look = useCallback(
    (next: string) => {
      const formatted = formatReceiptCode(next);
      setTyped(formatted);
      setTypedError(undefined);
      setAttempt((n) => n + 1);
      setParams({ code: formatted }, { replace: true });
    },
    [setParams],
  );

  const submit = () => {
    const next = receiptCodeFrom(typed);
    if (next === null) {
      setTypedError(t(m.invalidCode));
      inputRef.current?.focus();
      return;
    }
    look(next);
  };

  const onScanned = useCallback(
    (next: string) => {
      setScanning(false);
      setAnnouncement(t(m.codeRead));
      look(next);
    },
    [look],
  );
  const onCameraFailed = useCallback((message: string) => {
    setScanning(false);
    setCameraError(message);
    inputRef.current?.focus();
  }, []);
  const onScanClosed = useCallback(() => {
    setScanning(false);
    scanButtonRef.current?.focus();
  }, []);

  const checkingSession = token !== null && profile.isPending;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
      <p className="mt-3 text-slate-700">{t(staff ? m.leadStaff : m.leadPublic)}</p>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      <Form onSubmit={submit} className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <Field label={t(m.codeLabel)} error={typedError} hint={t(m.codeHint)}>
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className={`${inputClasses} font-mono tracking-wider`}
            />
          )}
        </Field>
        {cameraError && <Alert tone="error">{cameraError}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit">{t(m.check)}</Button>
          {staff && !scanning && (
            <Button
              ref={scanButtonRef}
              variant="secondary"
              onClick={() => {
                setCameraError(null);
                setScanning(true);
              }}
            >
              {t(m.scan)}
            </Button>
          )}
        </div>
        {staff && scanning && (
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Spinner /> {t(m.startingCamera)}
              </p>
            }
          >
            <QrScanPanel onCode={onScanned} onFailed={onCameraFailed} onClose={onScanClosed} />
          </Suspense>
        )}
      </Form>

      <div className="mt-8">
        {checkingSession ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {t(m.loading)}
          </p>
        ) : code === null ? null : staff ? (
          <StaffReceiptResult key={`${code}-${attempt}`} code={code} announce={setAnnouncement} />
        ) : (
          <PublicReceiptResult key={`${code}-${attempt}`} code={code} announce={setAnnouncement} />
        )}
      </div>
    </div>
  );
}
