import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/database";
import { migrate } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database each test file copies instead of migrating its own (createTestDatabase). */
    migratedDatabase: { kind: "pglite"; tarball: string } | { kind: "postgres"; template: string };
  }
}

/**
 * The API project's global setup: migrates one database before any test file runs. On PGlite it is
 * dumped to a tarball each file's database is loaded from (initdb and the migrations once, not per file);
 * on the PostgreSQL server it is a template each file's database is created from. createTestDatabase still
 * runs `migrate` on the copy, which finds every migration applied.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const template = `hospipay_template_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = openPostgres(adminUrl, { max: 1 });
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = openPostgres(url.toString());
    await migrate(db);
    await db.close();
    project.provide("migratedDatabase", { kind: "postgres", template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.close();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "hospipay-migrated-"));
  const tarball = path.join(dir, "migrated.tar.gz");
  const db = await openPglite();
  await migrate(db);
  await writeFile(tarball, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
  await db.close();
  project.provide("migratedDatabase", { kind: "pglite", tarball });
  return () => rm(dir, { recursive: true, force: true });
}
