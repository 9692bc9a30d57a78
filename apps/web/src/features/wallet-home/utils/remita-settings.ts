import type { CreateTopUpResponse } from "@hospipay/contract";
import { parseJson, readRaw, writeRaw } from "../../../lib/storage";

/** Where Remita's widget comes from and the public key it opens with: the same for every top-up. */
export type RemitaSettings = Pick<CreateTopUpResponse["gateway"], "script_url" | "public_key">;

const STORAGE_KEY = "remitaWidget";

/** The settings in a top-up answer's gateway block, or null when it lacks either field. */
export function readRemitaSettings(gateway: unknown): RemitaSettings | null {
  if (typeof gateway !== "object" || gateway === null) return null;
  const { script_url, public_key } = gateway as Record<string, unknown>;
  if (typeof script_url !== "string" || script_url === "" || typeof public_key !== "string" || public_key === "") return null;
  return { script_url, public_key };
}

/**
 * Keeps the latest settings as a fallback for 'Proceed' when a pending row comes without its `gateway`
 * block (the API sends one with every pending Remita credit). Neither is a secret (both are sent to
 * every payer's browser).
 */
export function rememberRemitaSettings(settings: RemitaSettings): void {
  writeRaw(STORAGE_KEY, JSON.stringify(settings));
}

/** The settings of this browser's latest top-up, or null when it never started one. */
export function rememberedRemitaSettings(): RemitaSettings | null {
  return readRemitaSettings(parseJson(readRaw(STORAGE_KEY)));
}
