import { useEffect, useState } from "react";
import { t } from "../../../i18n";
import { billDetailMessages as m } from "../messages";

/**
 * A QR code of a bill's link, drawn as SVG. The QR library loads with the first code shown, so it is in
 * no page's first download.
 */
export function BillQr({ link, className }: { link: string; className?: string }) {
  const [svg, setSvg] = useState<{ link: string; markup: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import("qrcode")
      .then((qrcode) => qrcode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((markup) => {
        if (current) setSvg({ link, markup });
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [link]);

  if (failed) return <p className="text-sm text-slate-600">{t(m.qrFailed)}</p>;
  if (!svg || svg.link !== link)
    return (
      <div role="status" aria-label={t(m.qrDrawing)} className={`animate-pulse rounded-lg bg-slate-100 ${className ?? ""}`} />
    );
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.markup)}`}
      alt={t(m.qrAlt, { link })}
      className={className}
    />
  );
}
