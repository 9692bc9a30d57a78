import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { useQrDrawing, verifyReceiptHref } from "../receipt-code-qr";
import { myDeskQueryOptions } from "../../lib/staff-desk/my-desk";
import { t } from "../../i18n";
import { printMessages as m } from "../print.messages";
import { PAPER_WIDTHS, readPaperWidth, savePaperWidth, type PaperWidth } from "./paper-width";
import { slipQrTexts, ThermalSlip, type SlipContent } from "./thermal-slip";

/** CSS pixels per millimetre (CSS fixes 96 px to the inch, on paper as on screen). */
const PX_PER_MM = 96 / 25.4;
/** The page's length when the slip cannot be measured (no layout: unit tests). */
const UNMEASURED_LENGTH_MM = 297;

/**
 * The desk's way of printing a document on thermal paper: the paper width (80 mm, or 58 mm; remembered on
 * this device) and a Print button. Print lays the slip out beside the app, measures it, sizes the page to it
 * (`@page { size: 80mm <its length> }`: a roll has no page length, and Chromium ignores `80mm auto`), and
 * calls `window.print()`; the print shows the slip alone (index.css). The slip goes once the print is done,
 * so that the browser's own print of the screen (Ctrl+P) still prints the page. The hospital and the member
 * who serves come with the member's desk (`GET /api/staff/desk/`).
 */
export function SlipPrintControls({
  content,
  label,
  className,
}: {
  /** What to print, in the current language; null while it is loading (Print is disabled). */
  content: SlipContent | null;
  /** The button's name; "Print" when not given. */
  label?: string;
  className?: string;
}) {
  const selectId = useId();
  const [width, setWidth] = useState<PaperWidth>(readPaperWidth);
  const [printedAt, setPrintedAt] = useState<Date | null>(null);
  const desk = useQuery(myDeskQueryOptions()).data;
  const qrTexts = content ? slipQrTexts(content, verifyReceiptHref) : null;
  // Drawn while the view is on screen: Print waits for it, so the picture is on the slip.
  const qr = useQrDrawing(qrTexts?.target ?? null);

  useEffect(() => {
    if (!printedAt) return;
    const done = () => setPrintedAt(null);
    window.addEventListener("afterprint", done);
    return () => window.removeEventListener("afterprint", done);
  }, [printedAt]);

  return (
    <div className={cn("flex flex-wrap items-center gap-2 print:hidden", className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {t(m.paper)}
      </label>
      <select
        id={selectId}
        value={width}
        onChange={(event) => {
          const chosen = PAPER_WIDTHS.find((paper) => String(paper) === event.target.value) ?? PAPER_WIDTHS[0];
          savePaperWidth(chosen);
          setWidth(chosen);
          setPrintedAt(null);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-2 focus:outline-teal-600"
      >
        {PAPER_WIDTHS.map((paper) => (
          <option key={paper} value={paper}>
            {t(m.paperWidth, { width: paper })}
          </option>
        ))}
      </select>
      <Button variant="secondary" disabled={!content} busy={!qr.done} onClick={() => setPrintedAt(new Date())}>
        {label ?? t(m.print)}
      </Button>
      {content && printedAt && (
        // A new print (a new time) lays the slip out, measures and prints afresh.
        <PrintLayer key={printedAt.getTime()} width={width}>
          <PrintedSlip
            content={content}
            width={width}
            hospital={desk?.hospital ?? null}
            servedBy={desk?.name || null}
            printedAt={printedAt}
            qr={qrTexts ? { ...qrTexts, image: qr.image } : null}
          />
        </PrintLayer>
      )}
    </div>
  );
}

/** Print media (a print, or its emulation); false where the browser has no matchMedia (jsdom). */
function printQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia("print") : null;
}
function subscribeToPrint(onChange: () => void): () => void {
  const query = printQuery();
  query?.addEventListener("change", onChange);
  window.addEventListener("beforeprint", onChange);
  window.addEventListener("afterprint", onChange);
  return () => {
    query?.removeEventListener("change", onChange);
    window.removeEventListener("beforeprint", onChange);
    window.removeEventListener("afterprint", onChange);
  };
}
const isPrinting = () => printQuery()?.matches ?? false;

/** The slip as printed: the document's main landmark in print media, where the app's is hidden. */
function PrintedSlip(props: Omit<Parameters<typeof ThermalSlip>[0], "asMain">) {
  const printing = useSyncExternalStore(subscribeToPrint, isPrinting, () => false);
  return <ThermalSlip {...props} asMain={printing} />;
}

/**
 * The slip beside the app (a child of body): out of sight on screen but laid out, so it can be measured; once
 * its pictures are decoded, its length becomes the page's and the browser's print dialog opens.
 */
function PrintLayer({ width, children }: { width: PaperWidth; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [lengthMm, setLengthMm] = useState<number | null>(null);

  useEffect(() => {
    const layer = ref.current;
    if (!layer) return;
    let current = true;
    const pictures = Array.from(layer.querySelectorAll("img")).map((image) =>
      typeof image.decode === "function" ? image.decode().catch(() => undefined) : undefined,
    );
    void Promise.all(pictures).then(() => {
      if (!current) return;
      const height = layer.getBoundingClientRect().height;
      // A millimetre over, so that rounding never pushes the last line onto a second page.
      setLengthMm(height > 0 ? Math.ceil(height / PX_PER_MM) + 1 : UNMEASURED_LENGTH_MM);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (lengthMm !== null) window.print();
  }, [lengthMm]);

  return createPortal(
    <div ref={ref} data-print-slip="" className="invisible fixed top-0 -left-[200vw] print:visible print:static">
      {lengthMm !== null && <style>{`@page { size: ${width}mm ${lengthMm}mm; margin: 0; }`}</style>}
      {children}
    </div>,
    document.body,
  );
}
