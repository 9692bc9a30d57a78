import type { Queryable } from "../../db/database";

/**
 * SQL of the demo seed: the lock that lets one starter seed, and the move of the demo history's rows to
 * the days it tells of. Only times change: amounts, statuses and the ledger stay as the services wrote
 * them (journal entries and the audit log are append-only and keep the moment they were written). The
 * invoices' triggers move the staff day totals (migration 0004) and the dashboards' rows (0002,
 * 0004) along with created_at.
 */
export class DemoHistoryRepository {
  /** Holds the demo seeding lock until the transaction ends: a second starter waits here, then finds the accounts. */
  async lockSeeding(q: Queryable): Promise<void> {
    await q.query("SELECT pg_advisory_xact_lock(727002)");
  }

  /** A payment made at `at` and, when it was, paid (or confirmed) at `paidAt`; its wallet movements with it. */
  async backdatePayment(q: Queryable, reference: string, at: Date, paidAt: Date): Promise<number> {
    const { rows } = await q.query<{ id: number }>(
      `UPDATE invoices SET
         expires_at = CASE WHEN expires_at IS NULL THEN NULL ELSE $2::timestamptz + (expires_at - created_at) END,
         created_at = $2::timestamptz,
         paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE $3::timestamptz END
       WHERE reference = $1 RETURNING id`,
      [reference, at, paidAt],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no invoice ${reference}`);
    await q.query(`UPDATE wallet_transactions SET created_at = $2::timestamptz WHERE invoice_id = $1`, [id, at]);
    await q.query(
      `UPDATE transfer_confirmations SET confirmed_at = $2::timestamptz, decided_at = CASE WHEN decided_at IS NULL THEN NULL ELSE $2::timestamptz END WHERE invoice_id = $1`,
      [id, paidAt],
    );
    return id;
  }

  /** A refund asked for (and, if decided, decided) at `at`; a refund into a wallet credits it then. */
  async backdateRefund(q: Queryable, invoiceId: number, at: Date): Promise<void> {
    await q.query(
      `UPDATE refunds SET created_at = $2::timestamptz, decided_at = CASE WHEN decided_at IS NULL THEN NULL ELSE $2::timestamptz END WHERE invoice_id = $1`,
      [invoiceId, at],
    );
    await q.query(
      `UPDATE wallet_transactions SET created_at = $2::timestamptz
       WHERE invoice_id = $1 AND transaction_type = 'credit' AND EXISTS (SELECT 1 FROM invoices WHERE id = $1 AND purpose = 'checkout')`,
      [invoiceId, at],
    );
  }

  /** A KYC submission sent at `at`. */
  async backdateKyc(q: Queryable, userId: number, at: Date): Promise<void> {
    await q.query(`UPDATE kyc_records SET submitted_at = $2::timestamptz, updated_at = $2::timestamptz WHERE user_id = $1`, [
      userId,
      at,
    ]);
  }
}
