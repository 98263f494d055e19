import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const eslint = new ESLint();

/** The import rules ESLint reports for `code` as if it were the file at `filePath`. */
async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
}

describe("floors inside features", () => {
  test("a feature importing one above it fails lint, by alias or by relative path", async () => {
    const messages = await restrictedImports(
      "app/features/transactions/probe.server.ts",
      'import { listDebts } from "~/features/debts/debts.server";\nimport { dashboardUrl } from "../dashboard/dashboard";\nexport const probe = [listDebts, dashboardUrl];\n',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain("transactions sits below these features");
  });

  test("a feature importing one beside it on its floor fails lint", async () => {
    const messages = await restrictedImports("app/features/debts/probe.ts", 'import { savingsRate } from "~/features/savings/savings";\nexport const probe = savingsRate;\n');
    expect(messages).toEqual([expect.stringContaining("debts sits below these features")]);
  });

  test("a feature importing one below it passes", async () => {
    const messages = await restrictedImports(
      "app/features/debts/probe.server.ts",
      'import { applyLedgerBatch } from "~/features/transactions/ledger.server";\nimport { getCategories } from "~/features/categories/categories.server";\nexport const probe = [applyLedgerBatch, getCategories];\n',
    );
    expect(messages).toEqual([]);
  });

  test("a component keeps both rules: its floor and no server modules", async () => {
    const messages = await restrictedImports(
      "app/features/categories/components/probe.tsx",
      'import { getCategories } from "~/features/categories/categories.server";\nimport { DASHBOARD_PATH } from "~/features/dashboard/dashboard";\nexport const probe = [getCategories, DASHBOARD_PATH];\n',
    );
    expect(messages).toEqual([expect.stringContaining("Browser code never imports .server modules"), expect.stringContaining("categories sits below these features")]);
  });
});
