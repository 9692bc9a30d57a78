import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as QrScanner from "./qr-scanner";

// Every other web test has this module mocked (setup.ts): this one reads the real one.
const { startQrScan } = await vi.importActual<typeof QrScanner>("./qr-scanner");

/** A camera stream whose one track records being stopped. */
function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

/** A video element that plays at once and has a frame to read (jsdom plays no media). */
function playingVideo(): HTMLVideoElement {
  const video = document.createElement("video");
  video.play = vi.fn(() => Promise.resolve());
  Object.defineProperty(video, "readyState", { value: HTMLMediaElement.HAVE_ENOUGH_DATA });
  return video;
}

/** The browser's own BarcodeDetector, reading `codes` from every frame. */
function nativeDetector(codes: string[]) {
  const detect = vi.fn(() => Promise.resolve(codes.map((rawValue) => ({ rawValue }))));
  const created: unknown[] = [];
  class FakeBarcodeDetector {
    static getSupportedFormats = () => Promise.resolve(["ean_13", "qr_code"]);
    detect = detect;
    constructor(options: unknown) {
      created.push(options);
    }
  }
  vi.stubGlobal("BarcodeDetector", FakeBarcodeDetector);
  return { detect, created };
}

describe("startQrScan", () => {
  const getUserMedia = vi.fn();
  beforeEach(() => {
    getUserMedia.mockReset();
    Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "mediaDevices");
  });

  it("reads the back camera's frames with the browser's BarcodeDetector, and stop releases the camera", async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const { detect, created } = nativeDetector(["https://pay.example/verify-receipt?code=7K3MQ9XD2HPAW4RT"]);
    const video = playingVideo();
    const texts: string[] = [];

    const scan = await startQrScan(video, (text) => texts.push(text));
    await vi.waitFor(() => expect(texts).toEqual(["https://pay.example/verify-receipt?code=7K3MQ9XD2HPAW4RT"]));

    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: "environment" }, audio: false });
    expect(created).toEqual([{ formats: ["qr_code"] }]);
    expect(detect).toHaveBeenCalledWith(video);
    expect(video.srcObject).toBe(stream);
    scan.stop();
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(video.srcObject).toBeNull();
    // Stopped: no frame is read any more.
    const reads = detect.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(detect.mock.calls.length).toBe(reads);
    expect(texts).toHaveLength(1);
  });

  it("keeps reading frames until a code appears", async () => {
    getUserMedia.mockResolvedValue(fakeStream().stream);
    const { detect } = nativeDetector([]);
    detect.mockResolvedValueOnce([]).mockRejectedValueOnce(new Error("a frame the detector cannot read"));
    const texts: string[] = [];

    const scan = await startQrScan(playingVideo(), (text) => texts.push(text));
    detect.mockResolvedValue([{ rawValue: "7K3M-Q9XD-2HPA-W4RT" }]);
    await vi.waitFor(() => expect(texts[0]).toBe("7K3M-Q9XD-2HPA-W4RT"), { timeout: 3_000 });
    expect(detect.mock.calls.length).toBeGreaterThanOrEqual(3);
    scan.stop();
  });

  it("rejects with the browser's own error when the camera cannot be opened", async () => {
    nativeDetector([]);
    getUserMedia.mockRejectedValue(new DOMException("Permission denied", "NotAllowedError"));
    await expect(startQrScan(playingVideo(), () => undefined)).rejects.toMatchObject({ name: "NotAllowedError" });
  });

  it("rejects with NotFoundError where the page has no camera access at all", async () => {
    Reflect.deleteProperty(navigator, "mediaDevices");
    await expect(startQrScan(playingVideo(), () => undefined)).rejects.toMatchObject({ name: "NotFoundError" });
  });

  it("releases the camera when the video cannot play", async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    nativeDetector([]);
    const video = playingVideo();
    video.play = vi.fn(() => Promise.reject(new DOMException("The play() request was interrupted", "AbortError")));
    await expect(startQrScan(video, () => undefined)).rejects.toMatchObject({ name: "AbortError" });
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(video.srcObject).toBeNull();
  });
});
