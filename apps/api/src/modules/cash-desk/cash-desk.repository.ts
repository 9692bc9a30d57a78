import type { DeskMethodKey } from "@hospipay/contract";
import type { Queryable } from "../../db/database";

/** The POS acquirer's clearing account: card payments at the desk until the acquirer settles them. */
export const POS_CLEARING = "clearing:pos";

/** SQL for the desk's payments and the acquirer's settlements (migration 0029). */
export class CashDeskRepository {
  /**
   * Whether the staff member collects money, and their open shift (null when none), share-locked for the
   * payment's transaction (a close or a count of it waits for the payment, and a payment for a close already
   * under way), with whether its count waits for sign-off: one statement.
   */
  async lockOpenShift(
    tx: Queryable,
    staffId: number,
  ): Promise<{ collectsMoney: boolean; shift: { shiftId: number; awaitingSignoff: boolean } | null }> {
    const { rows } = await tx.query<{ collectsMoney: boolean; shiftId: number | null; awaitingSignoff: boolean }>(
      `WITH shift AS (
         SELECT s.id, coalesce(d.awaiting_signoff, false) AS awaiting
         FROM staff_shifts s LEFT JOIN shift_drawers d ON d.shift_id = s.id
         WHERE s.staff_id = $1 AND s.closed_at IS NULL FOR SHARE OF s
       )
       SELECT coalesce((SELECT collects_money FROM staff_desks WHERE user_id = $1), false) AS "collectsMoney",
         shift.id AS "shiftId", coalesce(shift.awaiting, false) AS "awaitingSignoff"
       FROM (SELECT 1) one LEFT JOIN shift ON true`,
      [staffId],
    );
    const row = rows[0]!;
    return {
      collectsMoney: row.collectsMoney,
      shift: row.shiftId === null ? null : { shiftId: row.shiftId, awaitingSignoff: row.awaitingSignoff },
    };
  }

  /** Records who took a payment at the desk, in which shift; a POS slip's reference once (23505 the second time). */
  async insertPayment(
    tx: Queryable,
    payment: { invoiceId: number; shiftId: number; staffId: number; method: DeskMethodKey; terminalReference: string | null },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO desk_payments (invoice_id, shift_id, staff_id, method, terminal_reference) VALUES ($1, $2, $3, $4, $5)`,
      [payment.invoiceId, payment.shiftId, payment.staffId, payment.method, payment.terminalReference],
    );
  }

  /** The POS clearing account's balance, locked so that settlements are recorded one at a time. */
  async lockPosAwaiting(tx: Queryable): Promise<number> {
    await tx.query(`SELECT id FROM ledger_accounts WHERE code = $1 FOR UPDATE`, [POS_CLEARING]);
    const { rows } = await tx.query<{ balance: number }>(
      `SELECT coalesce(sum(p.amount_kobo), 0)::bigint AS balance FROM postings p
       JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = $1`,
      [POS_CLEARING],
    );
    return rows[0]!.balance;
  }

  /** Records an acquirer's settlement; its reference once (23505 the second time). */
  async insertPosSettlement(
    tx: Queryable,
    settlement: { reference: string; settledOn: string; amountKobo: number; feeKobo: number; by: number },
  ): Promise<number> {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO pos_settlements (reference, settled_on, amount_kobo, fee_kobo, recorded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [settlement.reference, settlement.settledOn, settlement.amountKobo, settlement.feeKobo, settlement.by],
    );
    return rows[0]!.id;
  }
}
