import { normalizeReceiptCode } from "@hospipay/contract";
import { t } from "../../../i18n";
import { qrScanMessages as m } from "../messages";

/**
 * The receipt code in what was typed or scanned: a bare code in any spelling the API accepts (spaces,
 * dashes, lower case), or the verify link a receipt's QR code holds (`…/verify-receipt?code=…`).
 * Null when it holds none.
 */
export function receiptCodeFrom(text: string): string | null {
  const trimmed = text.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const code = new URL(trimmed).searchParams.get("code");
      return code === null ? null : normalizeReceiptCode(code);
    } catch {
      return null;
    }
  }
  return normalizeReceiptCode(trimmed);
}

/** Why the camera could not be used, as the screen says it (current language); the typed field is always the way on. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return t(m.denied);
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NoCameraError") return t(m.noCamera);
  if (name === "NotReadableError") return t(m.inUse);
  return t(m.failed);
}
