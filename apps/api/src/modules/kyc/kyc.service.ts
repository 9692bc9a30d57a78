import {
  API_PATHS,
  KYC_REVIEWER_ROLES,
  MESSAGES,
  kycInputSchema,
  type KycInput,
  type ReservedAccountStanding,
  type Role,
} from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { AppError, errors, zodFieldErrors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import type { UsersRepository } from "../accounts";
import type { AuditRepository } from "../audit";
import { type MailRepository, kycDecisionMail } from "../mail";
import { contentTypeOf, documentProblem, type DocumentStore, type UploadedFile } from "./documents";
import type { KycDecisionRow, KycDocumentRow, KycRecordRow, KycRepository } from "./kyc.repository";

const REVIEWERS: readonly Role[] = KYC_REVIEWER_ROLES;
/** A document's public id: a UUID as PostgreSQL prints it. Anything else names no document. */
const DOCUMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLOTS = ["utility_bill", "cac_certificate", "board_letter"] as const;

export const KYC_MESSAGES = {
  none: "You have not submitted your KYC details yet.",
  exists: "Your KYC details are already submitted. Update them instead.",
  notVerified: "Your KYC must be verified before upgrading to a corporate account.",
  alreadyCorporate: "You are already on a Corporate account",
  fileRequired: "This file is required.",
  upgraded: MESSAGES.kyc.upgraded,
  notPending: "Only a pending KYC submission can be decided.",
  tierNeedsVerified: "Only a verified KYC has a tier to change.",
} as const;

export interface KycServiceDeps {
  db: Database;
  kyc: KycRepository;
  audit: AuditRepository;
  users: UsersRepository;
  documents: DocumentStore;
  mail: MailRepository;
  mailQueued: () => void;
  /** After a submission or correction commits: the identity may now carry a NIN (reserved accounts, issue 22). */
  identityChanged?: (userId: number) => void;
  /**
   * Inside the transaction of a decision that sets a customer's tier: releases their transfers held over a
   * cap that the tier now allows (KYC tiers, issue 22). Returns what to do once the transaction commits.
   */
  tierChanged?: (tx: Queryable, userId: number) => Promise<() => void>;
  /** Where each customer's account number stands, and why none can be issued (reserved accounts), for the review. */
  accountStandings: (userIds: number[]) => Promise<Map<number, ReservedAccountStanding>>;
}

/** A customer missing from the standings is no customer: no account number, for want of a KYC to give one. */
const NO_STANDING: ReservedAccountStanding = { status: "needs_nin", reason: "no_kyc" };

/** The SPEC KYC record as the API answers it. */
export function kycView(record: KycRecordRow, documents: KycDocumentRow[]) {
  return {
    id: record.id,
    account_type: record.accountType,
    dob: record.dob,
    address: record.address,
    next_of_kin_name: record.nextOfKinName,
    next_of_kin_phone: record.nextOfKinPhone,
    next_of_kin_address: record.nextOfKinAddress,
    id_number: record.idNumber,
    id_type: record.idType,
    status: record.status,
    tier_level: record.tierLevel,
    rejection_reason: record.rejectionReason,
    submitted_at: record.submittedAt.toISOString(),
    documents: documents.map((doc) => ({
      id: doc.publicId,
      slot: doc.slot,
      original_name: doc.originalName,
      url: API_PATHS.kycDocument(doc.publicId),
    })),
  };
}

const decisionView = (row: KycDecisionRow) => ({
  decision: row.decision,
  tier_level: row.tierLevel,
  reason: row.reason,
  decided_at: row.decidedAt.toISOString(),
  decided_by: { email: row.decidedByEmail },
});

/** Identity details: the customer's submission, the corporate upgrade with documents, and staff review. */
export class KycService {
  constructor(private readonly deps: KycServiceDeps) {}

  /** Validates KYC fields from JSON or multipart form fields. */
  parseInput(raw: unknown): KycInput {
    const parsed = kycInputSchema.safeParse(raw ?? {});
    if (!parsed.success) throw errors.validation(zodFieldErrors(parsed.error.issues));
    return parsed.data;
  }

  async mine(userId: number) {
    const record = await this.deps.kyc.findByUser(userId);
    if (!record) throw errors.notFound(KYC_MESSAGES.none);
    return kycView(record, await this.deps.kyc.documentsOf([userId]));
  }

  /**
   * A first submission: always an individual's, whatever account_type the form sends (SPEC's form has
   * the field); only the upgrade, with its three documents, makes an account corporate.
   */
  async submit(userId: number, input: KycInput) {
    const record = await this.deps.kyc.insert(this.deps.db, userId, input);
    if (!record) throw errors.conflict(KYC_MESSAGES.exists, "kyc_exists");
    this.deps.identityChanged?.(userId);
    return kycView(record, []);
  }

  /** A correction of the details; the account type stays what the record has (see submit). */
  async update(userId: number, input: KycInput) {
    const { db, kyc } = this.deps;
    const record = await db.transaction(async (tx) => {
      const current = await kyc.findByUser(userId, tx, true);
      if (!current) throw errors.notFound(KYC_MESSAGES.none);
      if (current.status === "verified") throw errors.badRequest(MESSAGES.kyc.verifiedLocked, "kyc_verified");
      return kyc.update(tx, current.id, input);
    });
    this.deps.identityChanged?.(userId);
    return kycView(record, await kyc.documentsOf([userId]));
  }

  /**
   * Upgrades a verified individual to a corporate account with its three documents. The files are
   * checked (type by content, size), written, then recorded in one transaction; if the transaction
   * fails, the written files are removed, so the rows and the files succeed or fail together.
   */
  async upgrade(userId: number, files: UploadedFile[]) {
    const { db, kyc, documents } = this.deps;
    const record = await kyc.findByUser(userId);
    if (!record || record.status !== "verified") throw errors.badRequest(KYC_MESSAGES.notVerified, "kyc_not_verified");
    if (record.accountType === "CORPORATE") throw errors.badRequest(KYC_MESSAGES.alreadyCorporate, "already_corporate");
    const fields: Record<string, string[]> = {};
    for (const slot of SLOTS) {
      const file = files.find((candidate) => candidate.slot === slot);
      const problem = file ? documentProblem(file) : KYC_MESSAGES.fileRequired;
      if (problem) fields[slot] = [problem];
    }
    if (Object.keys(fields).length > 0) throw new AppError(400, "invalid_documents", MESSAGES.kyc.documentsRequired, fields);
    const chosen = SLOTS.map((slot) => files.find((file) => file.slot === slot)!);
    const stored = await documents.writeAll(chosen);
    try {
      await db.transaction(async (tx) => {
        const locked = await kyc.findByUser(userId, tx, true);
        if (!locked || locked.status !== "verified" || locked.accountType === "CORPORATE")
          throw errors.conflict(KYC_MESSAGES.alreadyCorporate);
        for (const [index, file] of chosen.entries()) {
          await kyc.insertDocument(tx, {
            userId,
            slot: file.slot,
            storedName: stored[index]!,
            originalName: file.filename.slice(0, 200),
            contentType: contentTypeOf(file.filename),
            sizeBytes: file.data.length,
          });
        }
        await kyc.setAccountType(tx, userId, "CORPORATE");
      });
    } catch (error) {
      await documents.removeAll(stored);
      throw error;
    }
    return { detail: KYC_MESSAGES.upgraded, kyc: await this.mine(userId) };
  }

  /**
   * A document, by its public id, for its owner and the KYC reviewers only; anyone else, and any id
   * that is not one, learns nothing (404).
   */
  async document(user: AuthUser, publicId: string): Promise<{ doc: KycDocumentRow; path: string }> {
    const id = publicId.toLowerCase();
    const doc = DOCUMENT_ID.test(id) ? await this.deps.kyc.findDocument(id) : null;
    if (!doc || (doc.userId !== user.id && !REVIEWERS.includes(user.role))) throw errors.notFound("Document not found.");
    return { doc, path: this.deps.documents.pathOf(doc.storedName) };
  }

  async queue(status: string | null) {
    const { kyc } = this.deps;
    const rows = await kyc.queue(status, 200);
    const [docs, decisions, standings] = await Promise.all([
      kyc.documentsOf(rows.map((r) => r.userId)),
      kyc.decisionsOf(rows.map((r) => r.id)),
      this.deps.accountStandings(rows.map((r) => r.userId)),
    ]);
    return rows.map((row) => ({
      ...kycView(
        row,
        docs.filter((doc) => doc.userId === row.userId),
      ),
      customer: { id: row.userId, first_name: row.firstName, last_name: row.lastName, email: row.email },
      decisions: decisions.filter((d) => d.kycId === row.id).map(decisionView),
      reserved_account: standings.get(row.userId) ?? NO_STANDING,
    }));
  }

  /** A staff decision on a pending submission: kept with who made it and when, and e-mailed to the customer. */
  async decide(
    staff: AuthUser,
    id: number,
    decision: { decision: "verified" | "rejected"; tier_level?: number; reason?: string },
  ) {
    const { db, kyc, users, mail, audit } = this.deps;
    const verified = decision.decision === "verified";
    if (verified && !decision.tier_level) throw errors.validation({ tier_level: ["Choose a tier level (1 to 3) to verify."] });
    if (!verified && !decision.reason?.trim())
      throw errors.validation({ reason: ["Give the customer a reason for the rejection."] });
    let afterCommit: (() => void) | undefined;
    await db.transaction(async (tx) => {
      const record = await kyc.findById(id, tx, true);
      if (!record) throw errors.notFound("KYC submission not found.");
      if (record.status !== "PENDING") throw errors.conflict(KYC_MESSAGES.notPending, "kyc_not_pending");
      const tierLevel = verified ? decision.tier_level! : null;
      const reason = verified ? null : decision.reason!.trim();
      await kyc.decide(tx, id, { status: verified ? "verified" : "REJECTED", tierLevel, reason });
      await kyc.insertDecision(tx, { kycId: id, decision: decision.decision, tierLevel, reason, decidedBy: staff.id });
      const customer = await users.findById(record.userId, tx);
      if (customer)
        await mail.enqueue(
          kycDecisionMail(customer.email, customer.firstName, { verified, tierLevel, reason }, customer.locale),
          tx,
        );
      if (verified && this.deps.tierChanged) afterCommit = await this.deps.tierChanged(tx, record.userId);
      await audit.record(tx, {
        actor: staff,
        action: verified ? "kyc.approved" : "kyc.rejected",
        targetType: "kyc",
        targetId: id,
        summary: `${verified ? `Verified at tier ${tierLevel}` : "Rejected"} the KYC of ${customer?.email ?? `user ${record.userId}`}`,
        details: verified ? { tier_level: tierLevel } : { reason },
      });
    });
    this.deps.mailQueued();
    afterCommit?.();
    return this.staffRecord(id);
  }

  /**
   * An admin changes a verified customer's tier (a raise after further checks, or a lowering): kept as a
   * decision with who made it, audited, and in the same transaction the customer's held transfers that the
   * new tier allows are released.
   */
  async changeTier(staff: AuthUser, id: number, tierLevel: number) {
    const { db, kyc, users, audit } = this.deps;
    let afterCommit: (() => void) | undefined;
    await db.transaction(async (tx) => {
      const record = await kyc.findById(id, tx, true);
      if (!record) throw errors.notFound("KYC submission not found.");
      if (record.status !== "verified") throw errors.conflict(KYC_MESSAGES.tierNeedsVerified, "kyc_not_verified");
      if (record.tierLevel === tierLevel) return;
      await kyc.decide(tx, id, { status: "verified", tierLevel, reason: null });
      await kyc.insertDecision(tx, { kycId: id, decision: "verified", tierLevel, reason: null, decidedBy: staff.id });
      if (this.deps.tierChanged) afterCommit = await this.deps.tierChanged(tx, record.userId);
      const customer = await users.findById(record.userId, tx);
      await audit.record(tx, {
        actor: staff,
        action: "kyc.tier_changed",
        targetType: "kyc",
        targetId: id,
        summary: `Changed the KYC tier of ${customer?.email ?? `user ${record.userId}`} from ${record.tierLevel ?? "none"} to ${tierLevel}`,
        details: { from: record.tierLevel, tier_level: tierLevel },
      });
    });
    afterCommit?.();
    return this.staffRecord(id);
  }

  /** One submission as staff see it: details, customer, documents and every decision. */
  async staffRecord(id: number) {
    const { kyc, users } = this.deps;
    const record = await kyc.findById(id);
    if (!record) throw errors.notFound("KYC submission not found.");
    const [customer, docs, decisions, standings] = await Promise.all([
      users.findById(record.userId),
      kyc.documentsOf([record.userId]),
      kyc.decisionsOf([id]),
      this.deps.accountStandings([record.userId]),
    ]);
    return {
      ...kycView(record, docs),
      customer: {
        id: record.userId,
        first_name: customer?.firstName ?? "",
        last_name: customer?.lastName ?? "",
        email: customer?.email ?? "",
      },
      decisions: decisions.map(decisionView),
      reserved_account: standings.get(record.userId) ?? NO_STANDING,
    };
  }
}
