import { API_PATHS, type ProfileUpdateInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";
import { setStoredUser } from "../../../lib/session/session-store";
import { parseSessionUser } from "../../../lib/session/session-user";

/** POST /auth/profile/update/: answers the updated profile. */
export async function updateProfile(input: ProfileUpdateInput): Promise<unknown> {
  return api.post(API_PATHS.profileUpdate, input, { auth: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["profile", "update"],
    mutationFn: updateProfile,
    onSuccess: async (body) => {
      const user = parseSessionUser(body);
      if (user) {
        setStoredUser(user);
        queryClient.setQueryData(profileQueryKey, user);
      } else {
        await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      }
    },
  });
}
