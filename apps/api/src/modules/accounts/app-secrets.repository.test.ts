import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-app";
import { AppSecretsRepository } from "./app-secrets.repository";

describe("AppSecretsRepository", () => {
  it("keeps the first process's secret: a later candidate gets it, not its own", async () => {
    const database = await createTestDatabase();
    try {
      const secrets = new AppSecretsRepository(database.db);
      expect(await secrets.keep("jwt", "first-candidate")).toBe("first-candidate");
      expect(await secrets.keep("jwt", "second-candidate")).toBe("first-candidate");
      expect(await new AppSecretsRepository(database.db).keep("other", "its-own")).toBe("its-own");
    } finally {
      await database.drop();
    }
  });
});
