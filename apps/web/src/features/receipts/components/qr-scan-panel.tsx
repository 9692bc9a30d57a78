import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { cameraErrorMessage, receiptCodeFrom } from "../utils/receipt-code-input";
import { startQrScan, type QrScan } from "../utils/qr-scanner";
import { t } from "../../../i18n";
import { qrScanMessages as m, verifyReceiptMessages as v } from "../messages";

/**
 * The camera's view while it looks for a receipt's QR code. Its own chunk, with the QR library: the
 * verify screen loads it when "Scan" is first pressed. A code read ends the scan (`onCode`); a camera
 * that cannot be opened ends it too (`onFailed`, with what to tell the person).
 */
export function QrScanPanel({
  onCode,
  onFailed,
  onClose,
}: {
  onCode: (code: string) => void;
  onFailed: (message: string) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const [foreign, setForeign] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let scan: QrScan | null = null;
    let done = false;
    const finish = () => {
      done = true;
      scan?.stop();
    };
    startQrScan(video, (text) => {
      if (done) return;
      const code = receiptCodeFrom(text);
      if (code === null) {
        setForeign(true);
        return;
      }
      finish();
      onCode(code);
    })
      .then((started) => {
        scan = started;
        if (done) started.stop();
        else setRunning(true);
      })
      .catch((error: unknown) => {
        if (!done) onFailed(cameraErrorMessage(error));
      });
    return finish;
  }, [onCode, onFailed]);

  useEffect(() => {
    stopRef.current?.focus();
  }, []);

  return (
    <div className="space-y-3" role="group" aria-label={t(m.group)}>
      <p role="status" className="text-sm text-slate-700">
        {t(foreign ? m.foreign : running ? m.point : v.startingCamera)}
      </p>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t(m.video)}
        className="aspect-square w-full max-w-sm rounded-xl bg-slate-900 object-cover"
      />
      <Button ref={stopRef} variant="secondary" onClick={onClose}>
        {t(m.stop)}
      </Button>
    </div>
  );
}
