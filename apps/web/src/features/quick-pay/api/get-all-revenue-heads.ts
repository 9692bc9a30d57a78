import {
  API_PATHS,
  MESSAGES,
  QUERY_STALE_TIME_MS,
  serviceRecordSchema,
  STORAGE_KEYS,
  type ServiceRecord,
} from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseJson, readRaw, writeRaw } from "../../../lib/storage";
import { getCatalogue, readServicesAt } from "../../../lib/catalogue/catalogue-request";

/**
 * Every service of the hospital, kept in localStorage under `allHospitalRecords` (SPEC §7) with the
 * time it was fetched: `{fetchedAt, records}`. A fresh copy (under 5 minutes old) is used without a
 * call; an older one is shown at once while the list is fetched again, and is what the dialog shows
 * when that fetch fails.
 */
export interface StoredHospitalRecords {
  /** Epoch milliseconds of the fetch. */
  fetchedAt: number;
  records: ServiceRecord[];
}

function parseRecords(value: unknown): ServiceRecord[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item) => {
    const parsed = serviceRecordSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The stored copy, or null. A bare list (an older format) counts as fetched long ago. */
export function readStoredHospitalRecords(): StoredHospitalRecords | null {
  const value = parseJson(readRaw(STORAGE_KEYS.allHospitalRecords));
  if (Array.isArray(value)) {
    const records = parseRecords(value);
    return records ? { fetchedAt: 0, records } : null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { fetchedAt, records } = value as { fetchedAt?: unknown; records?: unknown };
  const parsed = parseRecords(records);
  if (!parsed) return null;
  return { fetchedAt: typeof fetchedAt === "number" && Number.isFinite(fetchedAt) ? fetchedAt : 0, records: parsed };
}

/** GET /api/catalogue/revenue-heads/ → `{success, data: {orgRevenueHeads}}`, stored on success, the stored copy on failure. */
export async function getAllRevenueHeads(signal?: AbortSignal): Promise<ServiceRecord[]> {
  try {
    const data = await getCatalogue(API_PATHS.catalogueRevenueHeads, MESSAGES.catalogue.allRecords, { signal });
    const records = readServicesAt(data, "orgRevenueHeads");
    const stored: StoredHospitalRecords = { fetchedAt: Date.now(), records };
    writeRaw(STORAGE_KEYS.allHospitalRecords, JSON.stringify(stored));
    return records;
  } catch (error) {
    if (signal?.aborted) throw error;
    const stored = readStoredHospitalRecords();
    if (stored) return stored.records;
    throw error;
  }
}

export function allRevenueHeadsQueryOptions() {
  return queryOptions({
    queryKey: ["quick-pay", "all-revenue-heads"],
    queryFn: ({ signal }) => getAllRevenueHeads(signal),
    staleTime: QUERY_STALE_TIME_MS,
    retry: false,
    initialData: () => readStoredHospitalRecords()?.records,
    initialDataUpdatedAt: () => readStoredHospitalRecords()?.fetchedAt,
  });
}

/** Every service; loaded only while the dialog is open and neither a department nor search text is chosen. */
export function useAllRevenueHeads(enabled: boolean) {
  return useQuery({ ...allRevenueHeadsQueryOptions(), enabled });
}
