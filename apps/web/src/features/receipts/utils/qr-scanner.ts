import { BrowserQRCodeReader } from "@zxing/browser";

/** A running camera scan; `stop` releases the camera. */
export interface QrScan {
  stop: () => void;
}

/**
 * Reads QR codes from the back camera into `video` until stopped, calling `onText` with each one read.
 * Loaded on demand (the scan button), so ZXing is never part of a page's first download. Rejects with
 * the browser's own error (NotAllowedError, NotFoundError, …) when the camera cannot be opened.
 */
export async function startQrScan(video: HTMLVideoElement, onText: (text: string) => void): Promise<QrScan> {
  // Browsers offer the camera only to secure pages (https or localhost).
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("No camera is available here.", "NotFoundError");
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 200 });
  const controls = await reader.decodeFromConstraints({ video: { facingMode: "environment" }, audio: false }, video, (result) => {
    if (result) onText(result.getText());
  });
  return { stop: () => controls.stop() };
}
