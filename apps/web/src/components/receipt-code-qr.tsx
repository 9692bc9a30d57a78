import { formatReceiptCode, normalizeReceiptCode } from "@hospipay/contract";
import { useEffect, useState } from "react";
import { t } from "../i18n";
import { paymentMessages as m } from "./payment.messages";

/** Where a receipt code is checked, on this site: the QR code's content (as the receipt e-mail links it). */
export function verifyReceiptHref(code: string): string {
  return `${window.location.origin}/verify-receipt?code=${encodeURIComponent(code)}`;
}

/**
 * The QR code of `text` as an SVG data URL (null until drawn, or when it could not be), and whether drawing
 * it is over; the library is loaded with the first code shown. Nothing is drawn for a null text.
 */
export function useQrDrawing(text: string | null): { image: string | null; done: boolean } {
  const [drawn, setDrawn] = useState<{ text: string; url: string | null } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let current = true;
    void import("qrcode")
      .then((qrcode) => qrcode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then(
        (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
        // Without the picture the typed code still does the job.
        () => null,
      )
      .then((url) => {
        if (current) setDrawn({ text, url });
      });
    return () => {
      current = false;
    };
  }, [text]);
  if (text === null) return { image: null, done: true };
  return drawn !== null && drawn.text === text ? { image: drawn.url, done: true } : { image: null, done: false };
}

/**
 * A completed payment's receipt code, in groups of four, and its QR code, which staff at the point of
 * care scan (and anybody can check at /verify-receipt). Printed with the receipt. A bill part's code
 * proves the payment only: items are given against the bill's own code, which goes to the patient.
 */
export function ReceiptCodeBlock({ code, billPart = false }: { code: string; billPart?: boolean }) {
  const shown = formatReceiptCode(normalizeReceiptCode(code) ?? code);
  const href = verifyReceiptHref(shown);
  const qr = useQrDrawing(href).image;
  return (
    <div className="mt-6 flex flex-col items-start gap-4 border-t border-slate-200 pt-4 break-inside-avoid min-[360px]:flex-row min-[360px]:items-center">
      <div className="size-32 shrink-0 rounded-lg bg-white p-1 ring-1 ring-slate-200 print:ring-0">
        {qr && <img src={qr} alt={t(m.qrAlt, { code: shown })} className="size-full" />}
      </div>
      <dl className="min-w-0 text-sm">
        <dt className="text-xs text-slate-600">{t(m.receiptCode)}</dt>
        <dd className="font-mono text-lg font-semibold tracking-wider text-slate-900">{shown}</dd>
        <dd className="mt-1 text-slate-700">
          {t(billPart ? m.billPartHelp : m.receiptCodeHelp, {
            address: `${window.location.host}/verify-receipt`,
            link: (chunks) => (
              <a href={href} className="font-medium wrap-anywhere text-teal-800 underline underline-offset-2">
                {chunks}
              </a>
            ),
          })}
        </dd>
      </dl>
    </div>
  );
}
