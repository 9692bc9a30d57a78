import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { KYC_DOCUMENT_SLOTS, KycDocumentExtension } from "@hospipay/contract";

/** Largest accepted document. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

interface DocumentType {
  contentType: string;
  signature: number[];
}

/**
 * Accepted types, one per extension the contract lists: the extension says which, and the first bytes must
 * agree (an .exe renamed .pdf is refused).
 */
const TYPES: Record<string, DocumentType> = {
  pdf: { contentType: "application/pdf", signature: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  png: { contentType: "image/png", signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  jpg: { contentType: "image/jpeg", signature: [0xff, 0xd8, 0xff] },
  jpeg: { contentType: "image/jpeg", signature: [0xff, 0xd8, 0xff] },
  doc: { contentType: "application/msword", signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    signature: [0x50, 0x4b, 0x03, 0x04],
  },
} satisfies Record<KycDocumentExtension, DocumentType>;

export type DocumentSlot = (typeof KYC_DOCUMENT_SLOTS)[number];

export interface UploadedFile {
  slot: DocumentSlot;
  filename: string;
  data: Buffer;
}

/** Why a file is refused, in words for the person who chose it; null when it is acceptable. */
export function documentProblem(file: { filename: string; data: Buffer }): string | null {
  const extension = path.extname(file.filename).slice(1).toLowerCase();
  const type = TYPES[extension];
  if (!type) return "Upload a PDF, Word document (doc, docx) or image (png, jpg, jpeg).";
  if (file.data.length === 0) return "The file is empty.";
  if (file.data.length > MAX_DOCUMENT_BYTES) return "The file is larger than 5 MB.";
  const matches = type.signature.every((byte, index) => file.data[index] === byte);
  if (!matches) return `The file's content is not a ${extension.toUpperCase()} file.`;
  return null;
}

/** The content type stored for an accepted file. */
export const contentTypeOf = (filename: string) => TYPES[path.extname(filename).slice(1).toLowerCase()]!.contentType;

/** Documents on disk, outside any served folder, under random names. */
export class DocumentStore {
  constructor(private readonly dir: string) {}

  /** Writes the files and returns their stored names; on any failure removes what it wrote. */
  async writeAll(files: UploadedFile[]): Promise<string[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const names: string[] = [];
    try {
      for (const file of files) {
        const name = `${randomBytes(24).toString("hex")}.bin`;
        await writeFile(path.join(this.dir, name), file.data, { mode: 0o600, flag: "wx" });
        names.push(name);
      }
      return names;
    } catch (error) {
      await this.removeAll(names);
      throw error;
    }
  }

  async removeAll(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => unlink(path.join(this.dir, name)).catch(() => undefined)));
  }

  /** The path of a stored name; refuses anything but our own random names. */
  pathOf(storedName: string): string {
    if (!/^[0-9a-f]{48}\.bin$/.test(storedName)) throw new Error("not a stored document name");
    return path.join(this.dir, storedName);
  }
}
