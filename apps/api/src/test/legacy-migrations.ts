import path from "node:path";
import { fileURLToPath } from "node:url";

/** The migrations squashed into apps/api/migrations before the first release, kept as they were for the tests. */
export const LEGACY_MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../db/legacy-migrations");
