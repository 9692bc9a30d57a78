import { formatReceiptCode, normalizeReceiptCode, type DeskHospital } from "@hospipay/contract";
import { cn } from "../ui/cn";
import { formatWatDateTime } from "../../lib/wat-time";
import { t } from "../../i18n";
import { printMessages as m } from "../print.messages";
import { paymentMessages as pm } from "../payment.messages";
import type { PaperWidth } from "./paper-width";

/** One line of a slip: a label and its value; `detail` is a second line under it (an item's department). */
export interface SlipRow {
  label: string;
  value?: string;
  detail?: string;
  /** A total: printed bold. */
  strong?: boolean;
}

/** A part of a slip, under its heading (none for the first, the document's own details). */
export interface SlipSection {
  heading?: string;
  rows: SlipRow[];
}

/** What a slip prints, as a feature describes it (in the current language). */
export interface SlipContent {
  /** What the document is: "Receipt", "Bill", "Shift report (closed)". */
  title: string;
  sections: SlipSection[];
  /** A receipt code: printed in groups of four under the QR code of its verify link. */
  receiptCode?: string | null;
  /** Otherwise a link the QR code carries (a bill's pay link), with what to do with it and the picture's text. */
  link?: { href: string; caption: string; alt: string } | null;
}

/** The QR code's picture and its text, drawn by the caller (the picture is ready before Print is pressed). */
export interface SlipQr {
  image: string | null;
  alt: string;
  /** What the printed text is ("Receipt code"), when it needs saying. */
  label?: string;
  /** The code or link printed under it. */
  text: string;
  caption: string;
}

/** Per paper width: the slip's width, the printable area inside it (a thermal head prints ~72 of 80 mm, ~48 of 58 mm), type and QR size. */
const PAPER_CLASSES: Record<PaperWidth, { slip: string; qr: string }> = {
  80: { slip: "w-[80mm] px-[4mm] text-[9pt]", qr: "size-[34mm]" },
  58: { slip: "w-[58mm] px-[5mm] text-[7.5pt]", qr: "size-[28mm]" },
};

const rule = "my-[2mm] border-t border-dashed border-black";

/**
 * A desk slip for thermal paper: the hospital's name and address, the document's title and details, its
 * sections, the QR code, who served and when it was printed. Black on white, monospace, one column, every
 * value free to wrap (a 58 mm line holds about 30 characters).
 */
export function ThermalSlip({
  content,
  width,
  hospital,
  servedBy,
  printedAt,
  qr,
  asMain = false,
}: {
  content: SlipContent;
  width: PaperWidth;
  hospital: DeskHospital | null;
  servedBy: string | null;
  printedAt: Date;
  qr: SlipQr | null;
  /** The printed document's main landmark (while printing, when the app's own is not shown); else a region. */
  asMain?: boolean;
}) {
  const paper = PAPER_CLASSES[width];
  return (
    // The role changes rather than the element, which would be drawn anew (its QR code too) as the print starts.
    <section
      role={asMain ? "main" : undefined}
      aria-label={t(m.slipLabel, { title: content.title })}
      data-paper={width}
      className={cn("bg-white py-[3mm] font-mono leading-snug text-black", paper.slip)}
    >
      {hospital && (
        <header className="text-center">
          <p className="text-[1.15em] font-bold uppercase wrap-anywhere">{hospital.name}</p>
          {hospital.address && <p className="wrap-anywhere">{hospital.address}</p>}
        </header>
      )}
      <div className={rule} />
      <h1 className="text-center text-[1.1em] font-bold uppercase wrap-anywhere">{content.title}</h1>
      {content.sections.map((section, index) => (
        <div key={index}>
          {(index > 0 || section.heading) && <div className={rule} />}
          {section.heading && <h2 className="font-bold wrap-anywhere">{section.heading}</h2>}
          <SlipRows rows={section.rows} />
        </div>
      ))}
      {qr && (
        <>
          <div className={rule} />
          <div className="flex flex-col items-center gap-[1mm] text-center">
            <div className={paper.qr}>{qr.image && <img src={qr.image} alt={qr.alt} className="size-full" />}</div>
            {qr.label && <p>{qr.label}</p>}
            <p className="font-bold tracking-wider wrap-anywhere">{qr.text}</p>
            <p className="wrap-anywhere">{qr.caption}</p>
          </div>
        </>
      )}
      <div className={rule} />
      <SlipRows
        rows={[
          ...(servedBy ? [{ label: t(m.servedBy), value: servedBy }] : []),
          { label: t(m.printedAt), value: formatWatDateTime(printedAt) },
        ]}
      />
    </section>
  );
}

function SlipRows({ rows }: { rows: SlipRow[] }) {
  return (
    <dl>
      {rows.map((row, index) => (
        <div key={index} className={cn("flex flex-wrap justify-between gap-x-[2mm]", row.strong && "font-bold")}>
          <dt className="min-w-0 wrap-anywhere">{row.label}</dt>
          {row.value !== undefined && <dd className="ml-auto text-right tabular-nums wrap-anywhere">{row.value}</dd>}
          {row.detail && <dd className="basis-full pl-[2mm] wrap-anywhere">{row.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** What the QR code of a slip's content carries (a receipt code's verify link, else its link) and its texts. */
export function slipQrTexts(
  content: SlipContent,
  verifyHref: (code: string) => string,
): (Omit<SlipQr, "image"> & { target: string }) | null {
  if (content.receiptCode) {
    const shown = formatReceiptCode(normalizeReceiptCode(content.receiptCode) ?? content.receiptCode);
    return {
      target: verifyHref(shown),
      alt: t(pm.qrAlt, { code: shown }),
      label: t(pm.receiptCode),
      text: shown,
      caption: t(m.checkAt, { address: `${window.location.host}/verify-receipt` }),
    };
  }
  if (content.link)
    return { target: content.link.href, alt: content.link.alt, text: content.link.href, caption: content.link.caption };
  return null;
}
