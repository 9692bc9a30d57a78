import { prepareZXingModule, purgeZXingModule, readBarcodes } from "zxing-wasm/reader";
// The decoder's WebAssembly, emitted by Vite as one of the app's own hashed assets: the app is self-hosted
// and works offline, so nothing is fetched from zxing-wasm's default CDN.
import zxingReaderWasm from "zxing-wasm/reader/zxing_reader.wasm?url";

/** A running camera scan; `stop` releases the camera. */
export interface QrScan {
  stop: () => void;
}

/** The texts of the QR codes seen in the video's current frame. */
type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

/** The browser's Shape Detection API (Chromium on Android, macOS and ChromeOS; not in TypeScript's DOM types). */
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** A pause between two frames read, so decoding does not keep a phone's processor busy. */
const SCAN_INTERVAL_MS = 200;

/** Where the decoder finds its WebAssembly; one object, so every scan reuses the module compiled first. */
const ZXING_OVERRIDES = {
  locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingReaderWasm : prefix + path),
};

/** The browser's own BarcodeDetector when it reads QR codes, else none. */
async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ["qr_code"] });
  return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
}

/**
 * ZXing-C++ in WebAssembly (zxing-wasm): each frame is drawn on a canvas and its pixels decoded. Resolves
 * once the WebAssembly is compiled; a failed download is forgotten, so the next scan tries again.
 */
async function wasmReader(): Promise<FrameReader> {
  try {
    await prepareZXingModule({ overrides: ZXING_OVERRIDES, fireImmediately: true });
  } catch (error) {
    purgeZXingModule();
    throw error;
  }
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new DOMException("This browser cannot read camera frames.", "NotSupportedError");
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (width === 0 || height === 0) return [];
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    const results = await readBarcodes(context.getImageData(0, 0, width, height), { formats: ["QRCode"], maxNumberOfSymbols: 1 });
    return results.filter((result) => result.isValid).map((result) => result.text);
  };
}

/**
 * Reads QR codes from the back camera into `video` until stopped, calling `onText` with each one read.
 * Loaded on demand (the scan button), so the decoder is never part of a page's first download; the
 * WebAssembly is fetched only when the browser has no BarcodeDetector of its own for QR codes. Rejects
 * with the browser's own error (NotAllowedError, NotFoundError, …) when the camera cannot be opened.
 */
export async function startQrScan(video: HTMLVideoElement, onText: (text: string) => void): Promise<QrScan> {
  // Browsers offer the camera only to secure pages (https or localhost).
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("No camera is available here.", "NotFoundError");
  // The decoder loads while the person answers the camera prompt; its failure is reported once the camera is open.
  const reader = nativeReader().then((native) => native ?? wasmReader());
  reader.catch(() => undefined);
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    await video.play();
    const read = await reader;
    const scanFrame = async () => {
      if (stopped) return;
      try {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          for (const text of await read(video)) if (!stopped) onText(text);
        }
      } catch {
        // A frame that cannot be decoded is skipped; the next one is read.
      }
      if (!stopped) timer = setTimeout(() => void scanFrame(), SCAN_INTERVAL_MS);
    };
    void scanFrame();
  } catch (error) {
    stop();
    throw error;
  }
  return { stop };
}
