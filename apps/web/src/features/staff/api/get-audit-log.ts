import { API_PATHS, auditLogResponseSchema, type AuditAction, type AuditLogResponse } from "@hospipay/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

export const AUDIT_PAGE_SIZE = 50;

/** The audit log's filter: empty strings are left out of the query. Dates are WAT days, end inclusive. */
export interface AuditLogFilters {
  action: AuditAction | "";
  actor: string;
  startDate: string;
  endDate: string;
}

/** The first page's query string. */
export function auditLogQuery(filters: AuditLogFilters): Record<string, string | undefined> {
  const value = (text: string) => text.trim() || undefined;
  return {
    action: value(filters.action),
    actor: value(filters.actor),
    start_date: value(filters.startDate),
    end_date: value(filters.endDate),
    page_size: String(AUDIT_PAGE_SIZE),
  };
}

/**
 * GET /api/staff/audit-log/: the first page over the filter, or the page a `next` link names. `next`
 * is followed as the server wrote it (its path and every parameter, the cursor included).
 */
export async function getAuditLogPage(
  filters: AuditLogFilters,
  next: string | undefined,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  let path: string = API_PATHS.auditLog;
  let query = auditLogQuery(filters);
  if (next) {
    const url = new URL(next, "http://localhost");
    path = url.pathname;
    query = Object.fromEntries(url.searchParams);
  }
  const parsed = auditLogResponseSchema.safeParse(await staffGet(path, query, signal));
  if (!parsed.success) throw new StaffQueryError(t(m.auditLogFailed));
  return parsed.data;
}

export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: ["staff", "audit-log", filters],
    queryFn: ({ pageParam, signal }) => getAuditLogPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    retry: staffRetry,
  });
}
