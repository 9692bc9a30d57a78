import { STORAGE_KEYS } from "@hospipay/contract";
import { readRaw } from "../storage";

/** The stored bearer token, or null when signed out. */
export function getToken(): string | null {
  const token = readRaw(STORAGE_KEYS.token);
  return token ? token : null;
}
