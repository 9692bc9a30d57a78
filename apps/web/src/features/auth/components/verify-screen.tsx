import { MESSAGES, RESEND_WAIT_SECONDS, VERIFICATION_CODE_LENGTH, type VerificationChannel } from "@hospipay/contract";
import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { ApiError, errorDetail } from "../../../lib/api-client";
import { useResendVerificationCode } from "../api/resend-verification-code";
import { useVerifyEmail } from "../api/verify-email";
import { useCountdown } from "../hooks/use-countdown";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../hooks/use-redirect-after";
import {
  clearCodeSent,
  markCodeSent,
  markResendWait,
  readIdentifier,
  removeIdentifier,
  resendAvailableAt,
  resendWaitSeconds,
} from "../utils/identifier";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { authMessages as c, verifyMessages as m } from "../messages";
import { AuthCard, authLinkClasses } from "./auth-card";

const CODE_RE = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * /verify: enter the e-mailed code (SPEC §2, §4). The e-mail comes from the stored identifier.
 * "Resend code" waits 60 s after each resend, and also for the rest of the 60 s after a code this tab
 * caused (registration), because the server refuses a resend sooner anyway. When the server does
 * refuse (429), the countdown restarts from the wait it names, so the payer sees how long is left.
 * "Send the code by SMS" (issue 24) sends the code to the account's phone instead; it has its own 60 s,
 * as on the server, so a payer whose e-mail did not arrive can ask for the SMS at once.
 */
export function VerifyScreen() {
  const [identifier] = useState(readIdentifier);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [verifiedMessage, setVerifiedMessage] = useState<string>();
  const countdown = useCountdown(RESEND_WAIT_SECONDS, resendAvailableAt(identifier));
  const smsCountdown = useCountdown(RESEND_WAIT_SECONDS, resendAvailableAt(identifier, Date.now(), "sms"));
  const verify = useVerifyEmail();
  const resend = useResendVerificationCode();
  const resendSms = useResendVerificationCode();
  const countdownId = useId();
  const smsCountdownId = useId();
  useRedirectAfter(verifiedMessage !== undefined, "/login", REDIRECT_DELAY_MS);

  const submit = () => {
    setFormError(undefined);
    if (!identifier) {
      setFormError(MESSAGES.verify.missingIdentifier);
      return;
    }
    const trimmed = code.trim();
    if (!CODE_RE.test(trimmed)) {
      setCodeError(t(m.codeInvalid, { length: VERIFICATION_CODE_LENGTH }));
      return;
    }
    setCodeError(undefined);
    verify.mutate(
      { email: identifier, code: trimmed },
      {
        onSuccess: (result) => {
          removeIdentifier();
          clearCodeSent(identifier);
          setVerifiedMessage(result.detail ?? "");
        },
        onError: (error) => setFormError(errorDetail(error, MESSAGES.verify.failed)),
      },
    );
  };

  const resendBy = (channel: VerificationChannel) => {
    setFormError(undefined);
    if (!identifier) {
      setFormError(MESSAGES.verify.missingIdentifier);
      return;
    }
    const [mutation, wait] = channel === "sms" ? [resendSms, smsCountdown] : [resend, countdown];
    mutation.mutate(
      // SPEC's payload for e-mail; the channel only when it is SMS.
      channel === "sms" ? { email: identifier, channel } : { email: identifier },
      {
        onSuccess: () => {
          wait.start(markCodeSent(identifier, Date.now(), channel));
          toast.success(specText(channel === "sms" ? MESSAGES.verify.resentSms : MESSAGES.verify.resent));
        },
        onError: (error) => {
          toast.error(specText(MESSAGES.verify.resendFailed));
          if (error instanceof ApiError && error.status === 429) {
            wait.start(markResendWait(identifier, resendWaitSeconds(error.retryAfterSeconds, error.detail), Date.now(), channel));
            if (error.detail) setFormError(error.detail);
          }
        },
      },
    );
  };
  const onResend = () => resendBy("email");

  if (verifiedMessage !== undefined) {
    return (
      <AuthCard title={t(m.title)}>
        <Alert tone="success">
          <p className="font-semibold">{verifiedMessage ? specText(verifiedMessage) : t(m.verified)}</p>
          <p className="mt-1">{t(c.takingYouToSignIn)}</p>
        </Alert>
        <p className="mt-6 text-sm">
          <Link to="/login" className={authLinkClasses}>
            {t(m.goToSignIn)}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const waiting = countdown.remaining > 0;
  const smsWaiting = smsCountdown.remaining > 0;
  return (
    <AuthCard
      title={t(m.title)}
      subtitle={
        identifier
          ? t(m.sentTo, {
              length: VERIFICATION_CODE_LENGTH,
              email: identifier,
              strong: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong>,
            })
          : t(m.fromEmail, { length: VERIFICATION_CODE_LENGTH })
      }
      footer={
        <Link to="/login" className={authLinkClasses}>
          {t(c.backToSignIn)}
        </Link>
      }
    >
      <Form onSubmit={submit} aria-label={t(m.form)}>
        {formError && <Alert tone="error">{specText(formError)}</Alert>}
        <Field label={t(m.code)} error={codeError}>
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              pattern="[0-9]*"
              className={`${inputClasses} text-center font-mono text-2xl tracking-[0.5em]`}
            />
          )}
        </Field>
        <Button type="submit" busy={verify.isPending} className="w-full">
          {t(m.submit)}
        </Button>
        <div className="flex flex-col items-center gap-2 border-t border-slate-100 pt-5 text-center">
          <p className="text-sm text-slate-600">{t(m.noCode)}</p>
          <Button
            variant="secondary"
            onClick={onResend}
            busy={resend.isPending}
            disabled={waiting}
            aria-describedby={waiting ? countdownId : undefined}
            className="w-full sm:w-auto"
          >
            {t(m.resend)}
          </Button>
          {waiting && (
            <p id={countdownId} className="text-sm text-slate-600">
              {t(m.resendIn, { seconds: countdown.remaining })}
            </p>
          )}
          <Button
            variant="secondary"
            onClick={() => resendBy("sms")}
            busy={resendSms.isPending}
            disabled={smsWaiting}
            aria-describedby={smsWaiting ? smsCountdownId : undefined}
            className="w-full sm:w-auto"
          >
            {t(m.sendBySms)}
          </Button>
          {smsWaiting && (
            <p id={smsCountdownId} className="text-sm text-slate-600">
              {t(m.smsIn, { seconds: smsCountdown.remaining })}
            </p>
          )}
        </div>
      </Form>
    </AuthCard>
  );
}
