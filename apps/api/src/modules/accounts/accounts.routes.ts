import {
  API_PATHS,
  detailResponseSchema,
  errorResponseSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerInputSchema,
  resendCodeInputSchema,
  resetPasswordInputSchema,
  verifyEmailInputSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/access";
import type { ProfileService } from "../profile/profile.service";
import { ACCOUNT_MESSAGES, type AccountsService } from "./accounts.service";

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  profiles: ProfileService;
}

const errorsByStatus = { 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema };

/**
 * Every call here is limited per client address and per account the body names (plugins/rate-limits),
 * alike for existing and unknown accounts.
 */
const limitedBy = (account?: "body.email" | "body.username_or_email") => ({
  access: "public" as const,
  limits: { policy: "auth" as const, ...(account ? { account } : {}) },
});

/** Registration, verification, sign-in, sign-out and password reset (SPEC §7 paths). */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, opts) => {
  const { accounts, profiles } = opts;

  app.post(
    API_PATHS.register,
    {
      config: limitedBy("body.email"),
      schema: {
        tags: ["accounts"],
        summary: "Create a customer wallet account and e-mail a verification code",
        body: registerInputSchema,
        response: { 201: z.object({ detail: z.string(), email: z.string() }), ...errorsByStatus },
      },
    },
    async (request, reply) => {
      const { email } = await accounts.register(request.body, request.locale);
      return reply.code(201).send({ detail: ACCOUNT_MESSAGES.registered, email });
    },
  );

  app.post(
    API_PATHS.verifyEmail,
    {
      config: limitedBy("body.email"),
      schema: {
        tags: ["accounts"],
        summary: "Verify an e-mail address with the 6-digit code",
        body: verifyEmailInputSchema,
        response: { 200: detailResponseSchema, ...errorsByStatus },
      },
    },
    async (request) => {
      const verified = await accounts.verifyEmail(request.body);
      return { detail: verified === "phone" ? ACCOUNT_MESSAGES.phoneVerified : ACCOUNT_MESSAGES.verified };
    },
  );

  app.post(
    API_PATHS.resendVerificationCode,
    {
      config: limitedBy("body.email"),
      schema: {
        tags: ["accounts"],
        summary: "Send a new verification code by e-mail or SMS (at most once per 60 s per address and channel)",
        body: resendCodeInputSchema,
        response: { 200: detailResponseSchema, ...errorsByStatus },
      },
    },
    async (request) => {
      const { email, channel } = request.body;
      await accounts.resendCode(email, channel);
      return { detail: channel === "sms" ? ACCOUNT_MESSAGES.resendSentSms : ACCOUNT_MESSAGES.resendSent };
    },
  );

  app.post(
    API_PATHS.login,
    {
      config: limitedBy("body.username_or_email"),
      schema: {
        tags: ["accounts"],
        summary: "Sign in with e-mail (or username) and password",
        body: loginInputSchema,
        response: { 200: loginResponseSchema, ...errorsByStatus },
      },
    },
    async (request) => {
      const { access, user } = await accounts.login(request.body, request.locale);
      return { access, user: await profiles.profileOf(user) };
    },
  );

  app.post(
    API_PATHS.forgotPassword,
    {
      config: limitedBy("body.email"),
      schema: {
        tags: ["accounts"],
        summary: "E-mail a password reset link",
        body: forgotPasswordInputSchema,
        response: { 200: messageResponseSchema, ...errorsByStatus },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email);
      return { message: ACCOUNT_MESSAGES.resetSent };
    },
  );

  app.post(
    API_PATHS.resetPassword,
    {
      config: limitedBy(),
      schema: {
        tags: ["accounts"],
        summary: "Set a new password with the e-mailed reset token",
        body: resetPasswordInputSchema,
        response: { 200: detailResponseSchema, ...errorsByStatus },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body);
      return { detail: ACCOUNT_MESSAGES.resetDone };
    },
  );

  app.post(
    API_PATHS.logout,
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["accounts"],
        summary: "Sign out: revokes every token issued to this user so far",
        security: [{ bearerAuth: [] }],
        response: { 200: detailResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await accounts.logout(currentUser(request).id);
      return { detail: ACCOUNT_MESSAGES.loggedOut };
    },
  );
};
