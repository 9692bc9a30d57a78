import type { Database } from "../../db/database";

/** Secrets the processes of one deployment share, generated once and kept in `app_secrets`. */
export class AppSecretsRepository {
  constructor(private readonly db: Database) {}

  /** The secret kept under `name`: `candidate` if none was kept yet, else the one the first process kept. */
  async keep(name: string, candidate: string): Promise<string> {
    await this.db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, candidate]);
    const { rows } = await this.db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
    const secret = rows[0]?.value;
    if (!secret) throw new Error(`could not load the secret ${name}`);
    return secret;
  }
}
