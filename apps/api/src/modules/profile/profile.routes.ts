import {
  API_PATHS,
  changePasswordInputSchema,
  changePasswordResponseSchema,
  errorResponseSchema,
  profileUpdateInputSchema,
  userProfileSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access";
import { PROFILE_MESSAGES, type ProfileService } from "./profile.service";

const authErrors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** GET /auth/profile/, POST /auth/profile/update/, POST /auth/profile/change-password/ */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (app, { profiles }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    API_PATHS.profile,
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["profile"],
        summary: "The signed-in user's profile",
        security,
        response: { 200: userProfileSchema, 401: errorResponseSchema },
      },
    },
    async (request) => profiles.get(currentUser(request).id),
  );

  app.post(
    API_PATHS.profileUpdate,
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["profile"],
        summary: "Update names, phone, hospital number and next of kin",
        security,
        body: profileUpdateInputSchema,
        response: { 200: userProfileSchema, ...authErrors },
      },
    },
    async (request) => profiles.update(currentUser(request).id, request.body, request.locale),
  );

  app.post(
    API_PATHS.changePassword,
    {
      // Password guesses from a stolen session are limited per client address and per user.
      config: { access: "authenticated", limits: { policy: "auth", account: "user" } },
      schema: {
        tags: ["profile"],
        summary: "Change the password; other sessions are signed out and a fresh token is returned",
        security,
        body: changePasswordInputSchema,
        response: { 200: changePasswordResponseSchema, ...authErrors, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const { access } = await profiles.changePassword(currentUser(request).id, request.body);
      return { detail: PROFILE_MESSAGES.passwordChanged, access };
    },
  );
};
