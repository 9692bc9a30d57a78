import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The repository's own eslint.config.js, run through ESLint's Node API: the web app's import boundaries
// and the cycle rule hold because lint fails, so lint must fail on them.
const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root });
const web = (file: string) => path.join(root, "apps/web/src", file);

async function ruleIds(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: file });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("import rules (eslint.config.js)", () => {
  it("reports a feature that imports another feature", async () => {
    const ids = await ruleIds(
      web("features/wallet/components/boundary-fixture.ts"),
      'import { ReceiptScreen } from "../../checkout/components/receipt-screen";\nexport const screen = ReceiptScreen;\n',
    );
    expect(ids).toContain("import-x/no-restricted-paths");
  });

  it("reports shared code that imports a feature or src/app", async () => {
    const ids = await ruleIds(
      web("lib/boundary-fixture.ts"),
      'import { ReceiptScreen } from "../features/checkout/components/receipt-screen";\n' +
        'import { createQueryClient } from "../app/query-client";\n' +
        "export const used = [ReceiptScreen, createQueryClient];\n",
    );
    expect(ids.filter((id) => id === "import-x/no-restricted-paths")).toHaveLength(2);
  });

  it("reports a feature that imports src/app", async () => {
    const ids = await ruleIds(
      web("features/wallet/components/boundary-fixture.ts"),
      'import { createQueryClient } from "../../../app/query-client";\nexport const client = createQueryClient;\n',
    );
    expect(ids).toContain("import-x/no-restricted-paths");
  });

  // Each cycle is an existing import (asserted first) plus the lint text importing it back.
  it("reports a two-file cycle in the web app", async () => {
    expect(readFileSync(web("lib/checkout-items.ts"), "utf8")).toMatch(/^import \{[^}]*\} from "\.\/cart-totals";$/m);
    const ids = await ruleIds(
      web("lib/cart-totals.ts"),
      'import { buildCheckoutItems } from "./checkout-items";\nexport const build = buildCheckoutItems;\n',
    );
    expect(ids).toContain("import-x/no-cycle");
  });

  it("reports a two-file cycle in the API", async () => {
    const payments = path.join(root, "apps/api/src/modules/payments");
    expect(readFileSync(path.join(payments, "settlement.service.ts"), "utf8")).toMatch(
      /^import \{ CANCELLED_REASON[^}]*\} from "\.\/invoices\.repository";$/m,
    );
    const ids = await ruleIds(
      path.join(payments, "invoices.repository.ts"),
      'import { recheckSeconds } from "./settlement.service";\nexport const recheck = recheckSeconds;\n',
    );
    expect(ids).toContain("import-x/no-cycle");
  });

  it("accepts a feature that imports its own files, shared code and the contract", async () => {
    const ids = await ruleIds(
      web("features/wallet/components/boundary-fixture.ts"),
      'import { STORAGE_KEYS } from "@hospipay/contract";\n' +
        'import { formatNairaAmount } from "../../../lib/money";\n' +
        'import { Button } from "../../../components/ui/button";\n' +
        'import { createWalletPayment } from "../api/create-wallet-payment";\n' +
        "export const used = [STORAGE_KEYS, formatNairaAmount, Button, createWalletPayment];\n",
    );
    expect(ids).toEqual([]);
  });
});
