import { API_PATHS, shiftSchema, type Shift } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../api-client";

/** Keys of every shifts query; opening or closing a shift, or money taken at the desk, refreshes them all. */
export const shiftsQueryKey = ["shifts"] as const;
export const currentShiftQueryKey = [...shiftsQueryKey, "current"] as const;

/**
 * An answer that is no shift: another attempt would not help. It carries no text of its own, so each screen
 * names the failure in its own words (its fallback).
 */
export class ShiftAnswerError extends Error {
  constructor() {
    super("");
    this.name = "ShiftAnswerError";
  }
}

/** GET /api/staff/shifts/current/: the caller's open shift with its live report, or null when none is open (404). */
export async function getCurrentShift(signal?: AbortSignal): Promise<Shift | null> {
  let body: unknown;
  try {
    body = await api.get(API_PATHS.currentShift, { auth: true, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const parsed = shiftSchema.safeParse(body);
  if (!parsed.success) throw new ShiftAnswerError();
  return parsed.data;
}

/** Retries once after a network or server failure; a 4xx or an unreadable answer is final. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ShiftAnswerError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The caller's open shift, shared by "My shift" (shifts) and the desk's payments (bills). The live report is
 * refreshed whenever the window gets the focus back.
 */
export function useCurrentShift() {
  return useQuery({
    queryKey: currentShiftQueryKey,
    queryFn: ({ signal }) => getCurrentShift(signal),
    refetchOnWindowFocus: "always",
    retry,
  });
}
