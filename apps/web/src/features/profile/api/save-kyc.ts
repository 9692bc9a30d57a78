import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { parseKycRecord, type KycFields, type KycRecordView } from "../utils/kyc-record";
import { kycQueryKey } from "./get-kyc";

/** Which call: the first submission (JSON POST) or an update of an existing record (multipart PUT, SPEC §7). */
export type KycSaveMode = "submit" | "update";

/** POST /auth/kyc/submit/ or PUT /auth/kyc/update/; answers the saved record. */
export async function saveKyc({ mode, fields }: { mode: KycSaveMode; fields: KycFields }): Promise<KycRecordView> {
  let body: unknown;
  if (mode === "submit") {
    body = await api.post(API_PATHS.kycSubmit, fields, { auth: true });
  } else {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    body = await api.put(API_PATHS.kycUpdate, form, { auth: true });
  }
  const record = parseKycRecord(body);
  if (!record) throw new ApiError(500);
  return record;
}

export function useSaveKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["profile", "kyc", "save"],
    mutationFn: saveKyc,
    onSuccess: (record) => {
      queryClient.setQueryData(kycQueryKey, record);
    },
  });
}
