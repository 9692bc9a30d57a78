import { createReadStream } from "node:fs";
import multipart from "@fastify/multipart";
import {
  API_PATHS,
  errorResponseSchema,
  KYC_DOCUMENT_SLOTS,
  KYC_REVIEWER_ROLES,
  kycDecisionInputSchema,
  kycRecordSchema,
  kycReviewListResponseSchema,
  kycReviewQuerySchema,
  kycReviewSchema,
  kycTierInputSchema,
  kycUpgradeResponseSchema,
} from "@hospipay/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { refuseUnstorableText } from "../../lib/text-input";
import { currentUser } from "../../plugins/access";
import { MAX_DOCUMENT_BYTES, type DocumentSlot, type UploadedFile } from "./documents";
import type { KycService } from "./kyc.service";

const SLOTS: readonly string[] = KYC_DOCUMENT_SLOTS;
const failures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Reads a multipart body: text fields and the document slots (each read whole, at most 5 MB). */
async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let current = "";
  try {
    for await (const part of request.parts()) {
      current = part.fieldname;
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (!SLOTS.includes(part.fieldname))
          throw new AppError(400, "invalid", "Unexpected file.", { [part.fieldname]: ["Unexpected file."] });
        files.push({ slot: part.fieldname as DocumentSlot, filename: part.filename || "upload", data });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, "file_too_large", "The file is larger than 5 MB.", {
        [current]: ["The file is larger than 5 MB."],
      });
    }
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError(413, "too_many_parts", "Too many files or fields in the upload.");
    }
    throw new AppError(400, "invalid_multipart", "The upload could not be read. Please try again.");
  }
  // Multipart fields and file names skip the app's check for unstorable text (U+0000, lone surrogates): the same check here.
  refuseUnstorableText({ ...fields, ...Object.fromEntries(files.map((file) => [file.slot, file.filename])) });
  return { fields, files };
}

/** The customer's KYC (SPEC §7 paths) and their documents. */
export const kycRoutes: FastifyPluginAsyncZod<{ kyc: KycService }> = async (app, { kyc }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 3, fields: 20, fieldSize: 2_000, parts: 30, headerPairs: 200 },
  });
  const security = [{ bearerAuth: [] }];
  const customer = { access: ["CUSTOMER"] as const };

  app.get(
    API_PATHS.kycMe,
    {
      config: customer,
      schema: {
        tags: ["kyc"],
        summary: "The signed-in customer's KYC record",
        security,
        response: { 200: kycRecordSchema, ...failures },
      },
    },
    async (request) => kyc.mine(currentUser(request).id),
  );

  app.post(
    API_PATHS.kycSubmit,
    {
      config: customer,
      schema: {
        tags: ["kyc"],
        summary: "Submit KYC details (JSON or multipart form fields); the record is INDIVIDUAL whatever account_type says",
        security,
        response: { 201: kycRecordSchema, ...failures },
      },
    },
    async (request, reply) => {
      const raw = request.isMultipart() ? (await readMultipart(request)).fields : request.body;
      return reply.code(201).send(await kyc.submit(currentUser(request).id, kyc.parseInput(raw)));
    },
  );

  app.put(
    API_PATHS.kycUpdate,
    {
      config: customer,
      schema: {
        tags: ["kyc"],
        summary: "Correct KYC details (multipart or JSON), keeping the account type; refused once verified",
        security,
        response: { 200: kycRecordSchema, ...failures },
      },
    },
    async (request) => {
      const raw = request.isMultipart() ? (await readMultipart(request)).fields : request.body;
      return kyc.update(currentUser(request).id, kyc.parseInput(raw));
    },
  );

  app.post(
    API_PATHS.kycUpgrade,
    {
      config: customer,
      bodyLimit: 3 * MAX_DOCUMENT_BYTES + 256 * 1024,
      schema: {
        tags: ["kyc"],
        summary: "Upgrade a verified individual to corporate with utility_bill, cac_certificate and board_letter (multipart)",
        security,
        response: {
          200: kycUpgradeResponseSchema,
          ...failures,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(415, "unsupported_media_type", "Send the documents as multipart/form-data.");
      const { files } = await readMultipart(request);
      return kyc.upgrade(currentUser(request).id, files);
    },
  );

  app.get(
    API_PATHS.kycDocument.route,
    {
      // Customers only ever reach their own (the service checks the owner); agents do not review KYC.
      config: { access: ["CUSTOMER", ...KYC_REVIEWER_ROLES] },
      schema: {
        tags: ["kyc"],
        summary: "A KYC document by its public id (a UUID): its owner and the KYC reviewers only",
        security,
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { doc, path } = await kyc.document(currentUser(request), request.params.id);
      return reply
        .type(doc.contentType)
        .header("content-disposition", `inline; filename="${doc.originalName.replace(/[^\w. -]/g, "_")}"`)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(createReadStream(path));
    },
  );
};

/** Staff review of KYC submissions (admins and super admins). */
export const staffKycRoutes: FastifyPluginAsyncZod<{ kyc: KycService }> = async (app, { kyc }) => {
  const security = [{ bearerAuth: [] }];
  const reviewers = { access: KYC_REVIEWER_ROLES };

  app.get(
    API_PATHS.kycReviews,
    {
      config: reviewers,
      schema: {
        tags: ["kyc"],
        summary: "KYC review queue, pending first",
        security,
        querystring: kycReviewQuerySchema,
        response: { 200: kycReviewListResponseSchema, ...failures },
      },
    },
    async (request) => ({ results: await kyc.queue(request.query.status ?? null) }),
  );

  app.post(
    API_PATHS.kycDecision.route,
    {
      config: reviewers,
      schema: {
        tags: ["kyc"],
        summary: "Verify (with a tier level) or reject (with a reason) a pending KYC submission",
        security,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: kycDecisionInputSchema,
        response: { 200: kycReviewSchema, ...failures },
      },
    },
    async (request) => kyc.decide(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.kycTier.route,
    {
      config: reviewers,
      schema: {
        tags: ["kyc"],
        summary:
          "Change a verified customer's KYC tier; their reserved-account transfers held over a cap that the new tier allows are released with it",
        security,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: kycTierInputSchema,
        response: { 200: kycReviewSchema, ...failures },
      },
    },
    async (request) => kyc.changeTier(currentUser(request), request.params.id, request.body.tier_level),
  );
};
