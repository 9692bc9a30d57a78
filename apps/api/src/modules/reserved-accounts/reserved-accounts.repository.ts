import type { Database, Queryable } from "../../db/database";

/** A customer's reserved account row (migration 0012). */
export interface ReservedAccountRecord {
  userId: number;
  accountReference: string;
  status: "pending" | "active";
  accountNumber: string | null;
  bankName: string | null;
  bankCode: string | null;
  accountName: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
}

/** What reserving needs to know about a customer: their name and e-mail, and the NIN of their KYC. */
export interface ReservationCandidate {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** The KYC's id number when its id type is NIN (null otherwise, or without KYC). */
  nin: string | null;
}

/** What decides where a customer's account number stands: their account row's status and their KYC's ID. */
export interface ReservationStanding {
  userId: number;
  /** The reserved account row's status, null before the first attempt. */
  accountStatus: "pending" | "active" | null;
  accountNumber: string | null;
  bankName: string | null;
  accountName: string | null;
  /** The KYC's id type and number, null without a KYC. */
  idType: string | null;
  idNumber: string | null;
}

/** A credit claimed for a transaction reference, to be completed in the same transaction. */
export interface NewReservedCredit {
  transactionReference: string;
  userId: number;
  amountKobo: number;
  senderName: string | null;
}

const COLUMNS = `user_id AS "userId", account_reference AS "accountReference", status, account_number AS "accountNumber",
  bank_name AS "bankName", bank_code AS "bankCode", account_name AS "accountName", attempts, last_error AS "lastError",
  next_attempt_at AS "nextAttemptAt"`;

/** A NIN Monnify accepts: 11 digits (SQL twin of reserved-accounts.service's NIN_PATTERN). */
const NIN_SQL = `k.id_type = 'NIN' AND k.id_number ~ '^[0-9]{11}$'`;

/** SQL for reserved accounts and the credits of transfers into them. */
export class ReservedAccountsRepository {
  constructor(private readonly db: Database) {}

  async findByUser(userId: number, q: Queryable = this.db): Promise<ReservedAccountRecord | null> {
    const { rows } = await q.query<ReservedAccountRecord>(`SELECT ${COLUMNS} FROM reserved_accounts WHERE user_id = $1`, [
      userId,
    ]);
    return rows[0] ?? null;
  }

  async findByReference(accountReference: string, q: Queryable = this.db): Promise<ReservedAccountRecord | null> {
    const { rows } = await q.query<ReservedAccountRecord>(
      `SELECT ${COLUMNS} FROM reserved_accounts WHERE account_reference = $1`,
      [accountReference],
    );
    return rows[0] ?? null;
  }

  /** The customer with their KYC's NIN, if any. */
  async candidate(userId: number): Promise<ReservationCandidate | null> {
    const { rows } = await this.db.query<ReservationCandidate>(
      `SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
         CASE WHEN ${NIN_SQL} THEN k.id_number END AS nin
       FROM users u LEFT JOIN kyc_records k ON k.user_id = u.id WHERE u.id = $1 AND u.role = 'CUSTOMER'`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** The standing of each of these customers (users that are not customers are left out). */
  async standings(userIds: number[]): Promise<ReservationStanding[]> {
    if (userIds.length === 0) return [];
    const { rows } = await this.db.query<ReservationStanding>(
      `SELECT u.id AS "userId", r.status AS "accountStatus", r.account_number AS "accountNumber", r.bank_name AS "bankName",
         r.account_name AS "accountName", k.id_type AS "idType", k.id_number AS "idNumber"
       FROM users u LEFT JOIN kyc_records k ON k.user_id = u.id LEFT JOIN reserved_accounts r ON r.user_id = u.id
       WHERE u.id = ANY($1::int[]) AND u.role = 'CUSTOMER'`,
      [userIds],
    );
    return rows;
  }

  /**
   * Customers whose KYC carries a NIN and who have no active reserved account, not asked about since
   * their last failed attempt's wait, oldest first.
   */
  async dueCandidates(limit: number): Promise<number[]> {
    const { rows } = await this.db.query<{ userId: number }>(
      `SELECT k.user_id AS "userId" FROM kyc_records k JOIN users u ON u.id = k.user_id AND u.role = 'CUSTOMER' AND u.is_active
       LEFT JOIN reserved_accounts r ON r.user_id = k.user_id
       WHERE ${NIN_SQL} AND (r.user_id IS NULL OR (r.status = 'pending' AND r.next_attempt_at <= now()))
       ORDER BY k.submitted_at, k.user_id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.userId);
  }

  /** The customer's row, created pending on first ask; returns it as it now is. */
  async ensurePending(userId: number, accountReference: string): Promise<ReservedAccountRecord> {
    await this.db.query(
      `INSERT INTO reserved_accounts (user_id, account_reference) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, accountReference],
    );
    return (await this.findByUser(userId))!;
  }

  /**
   * Pushes the next attempt `seconds` away before asking Monnify, so another process's sweep does not ask
   * at the same time; false when another process claimed it first.
   */
  async claimAttempt(userId: number, seconds: number): Promise<boolean> {
    const claimed = await this.db.query(
      `UPDATE reserved_accounts SET next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1
       WHERE user_id = $1 AND status = 'pending' AND next_attempt_at <= now() RETURNING 1`,
      [userId, seconds],
    );
    return claimed.rowCount === 1;
  }

  async activate(
    userId: number,
    account: { accountNumber: string; bankName: string; bankCode: string | null; accountName: string },
  ): Promise<void> {
    await this.db.query(
      `UPDATE reserved_accounts SET status = 'active', account_number = $2, bank_name = $3, bank_code = $4, account_name = $5,
         last_error = NULL, activated_at = now()
       WHERE user_id = $1`,
      [userId, account.accountNumber, account.bankName, account.bankCode, account.accountName],
    );
  }

  /** A failed attempt: kept for staff and logs, and tried again after `retryInSeconds`. */
  async recordFailure(userId: number, error: string, retryInSeconds: number): Promise<void> {
    await this.db.query(
      `UPDATE reserved_accounts SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3)
       WHERE user_id = $1 AND status = 'pending'`,
      [userId, error.slice(0, 500), retryInSeconds],
    );
  }

  /**
   * Claims the credit of a transfer; its id, or null when the transfer was credited already. On a
   * PostgreSQL server a concurrent claim of the same reference waits here until the first commits.
   */
  async claimCredit(q: Queryable, credit: NewReservedCredit): Promise<number | null> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO reserved_account_credits (transaction_reference, user_id, amount_kobo, sender_name)
       VALUES ($1, $2, $3, $4) ON CONFLICT (transaction_reference) DO NOTHING RETURNING id`,
      [credit.transactionReference, credit.userId, credit.amountKobo, credit.senderName],
    );
    return rows[0]?.id ?? null;
  }

  async attachInvoice(q: Queryable, creditId: number, invoiceId: number): Promise<void> {
    await q.query(`UPDATE reserved_account_credits SET invoice_id = $2 WHERE id = $1`, [creditId, invoiceId]);
  }

  /**
   * Records the transfer's Monnify transaction on its top-up invoice: verified paid, never asked about by
   * the payments worker (nothing is pending).
   */
  async recordGatewayPayment(q: Queryable, invoiceId: number, transactionReference: string, amountKobo: number): Promise<void> {
    await q.query(
      `INSERT INTO gateway_payments (invoice_id, gateway, gateway_reference, gateway_status, amount_paid_kobo, checks,
         last_checked_at, next_check_at)
       VALUES ($1, 'monnify', $2, 'PAID', $3, 1, now(), NULL)`,
      [invoiceId, transactionReference, amountKobo],
    );
  }

  /** How many credits a transfer has (0 or 1), for tests and checks. */
  async creditsOf(transactionReference: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reserved_account_credits WHERE transaction_reference = $1`,
      [transactionReference],
    );
    return rows[0]?.n ?? 0;
  }
}
