import { API_PATHS, userListResponseSchema, type Role, type UserListResponse } from "@hospipay/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** Every user list shares the prefix, so creating or updating an account refreshes all pages. */
export const staffUsersQueryKey = ["staff", "users"] as const;

export interface StaffUserFilters {
  role: Role | "";
  search: string;
  page: number;
}

/** GET /api/staff/users/?role=&search=&page= (super admins). */
export async function getStaffUsers(filters: StaffUserFilters, signal?: AbortSignal): Promise<UserListResponse> {
  const query = { role: filters.role || undefined, search: filters.search.trim() || undefined, page: String(filters.page) };
  const parsed = userListResponseSchema.safeParse(await staffGet(API_PATHS.staffUsers, query, signal));
  if (!parsed.success) throw new StaffQueryError(t(m.accountsFailed));
  return parsed.data;
}

export function staffUsersQueryOptions(filters: StaffUserFilters) {
  return queryOptions({
    queryKey: [...staffUsersQueryKey, filters],
    queryFn: ({ signal }) => getStaffUsers(filters, signal),
    placeholderData: keepPreviousData,
    retry: staffRetry,
  });
}

export function useStaffUsers(filters: StaffUserFilters) {
  return useQuery(staffUsersQueryOptions(filters));
}
