import type { Database } from "../../db/database";

/** The readiness check's one statement. */
export class HealthRepository {
  constructor(private readonly db: Database) {}

  /** Answers when the database runs a statement; throws when it cannot be reached. */
  async ping(): Promise<void> {
    await this.db.query("SELECT 1");
  }
}
