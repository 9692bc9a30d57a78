import { API_PATHS, KYC_DOCUMENT_SLOTS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";
import { parseKycRecord, type KycRecordView } from "../utils/kyc-record";
import { kycQueryKey } from "./get-kyc";

/** One file per upload slot. */
export type KycDocumentSlot = (typeof KYC_DOCUMENT_SLOTS)[number];
export type UpgradeFiles = Record<KycDocumentSlot, File>;

/** POST /auth/kyc/upgrade/ (multipart): the three documents; answers the server's detail and the record. */
export async function upgradeKyc(files: UpgradeFiles): Promise<{ detail: string; kyc: KycRecordView | null }> {
  const form = new FormData();
  for (const slot of KYC_DOCUMENT_SLOTS) form.append(slot, files[slot]);
  const body = (await api.post(API_PATHS.kycUpgrade, form, { auth: true })) as { detail?: unknown; kyc?: unknown } | undefined;
  return { detail: typeof body?.detail === "string" ? body.detail : "", kyc: parseKycRecord(body?.kyc) };
}

export function useUpgradeKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["profile", "kyc", "upgrade"],
    mutationFn: upgradeKyc,
    onSuccess: async ({ kyc }) => {
      if (kyc) queryClient.setQueryData(kycQueryKey, kyc);
      else await queryClient.invalidateQueries({ queryKey: kycQueryKey });
      // The profile's kyc.account_type changes too.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
