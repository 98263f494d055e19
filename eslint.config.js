// Lint rules, and the layer boundaries of docs/architecture.md as `no-restricted-imports`.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const MODELS = ["**/models", "**/models/*", "../models", "../../models", "../../../models"];
const SERVER_ONLY_PACKAGES = ["mongoose", "mongodb", "stripe", "bcryptjs", "nodemailer", "papaparse", "chardet", "iconv-lite", "fast-xml-parser", "openai", "plaid", "agenda", "rate-limiter-flexible", "node:*"];

/** One `no-restricted-imports` per group of files: later entries for the same files replace earlier ones, so each lists all its rules. */
function restrictImports(...rules) {
  return ["error", { patterns: rules }];
}
const RESTRICT = "@typescript-eslint/no-restricted-imports";
const noModels = { group: MODELS, message: "Only app/features/*/…server.ts data access (and integrations/database.server.ts) may import models/." };
// Pure rules may name a stored shape (a type derived from a schema); only data access touches the models themselves.
const noModelValues = { ...noModels, allowTypeImports: true };
const noServerModules = { group: ["**/*.server", "**/*.server.ts", "~/**/*.server"], message: "Browser code never imports .server modules." };
const noServerPackages = { group: SERVER_ONLY_PACKAGES, allowTypeImports: true, message: "A server-only package: keep it in a .server.ts module." };
// `import type { action }` for a typed fetcher is the one route import allowed: it leaves nothing in the bundle.
const noRoutes = { group: ["~/routes/*", "**/routes/*"], allowTypeImports: true, message: "Nothing imports a route module." };
const noFeatures = { group: ["~/features/*", "~/features/**", "**/features/**"], message: "lib, integrations and utils sit below features." };
const noApp = { group: ["**/app/*", "**/app/**", "~/*"], message: "models/ imports nothing from app/." };

/**
 * The floors inside app/features, lowest first (docs/architecture.md): a feature imports only features on lower
 * floors, never one beside it or above it. A new feature folder must be given a floor here.
 */
const FEATURE_FLOORS = [
  ["auth", "billing", "contact"],
  ["categories", "accounts", "exchange-rates", "tags"],
  ["transactions"],
  ["budgets", "rules", "recurring"],
  ["debts", "savings", "import", "bank", "csv", "backup"],
  ["dashboard", "analytics", "net-worth"],
  ["insights"],
  ["account", "profile"],
];
const floorOf = (feature) => FEATURE_FLOORS.findIndex((floor) => floor.includes(feature));
const unplaced = readdirSync(new URL("./app/features", import.meta.url)).filter((feature) => floorOf(feature) === -1);
if (unplaced.length > 0) throw new Error(`eslint.config.js: give app/features/${unplaced.join(", ")} a floor in FEATURE_FLOORS`);

/** What a feature may not import: every feature on its floor (but itself) and above. */
function featuresAboveOrBeside(feature) {
  const notBelow = FEATURE_FLOORS.slice(floorOf(feature)).flat().filter((other) => other !== feature);
  return {
    group: notBelow.flatMap((other) => [`~/features/${other}/**`, `**/features/${other}/**`, `../${other}/**`, `../../${other}/**`]),
    message: `${feature} sits below these features (docs/architecture.md, "Floors inside features"): move the shared piece down to a lower floor, or let the higher feature pass the value down.`,
  };
}

/** Each feature's files, by kind, with its floor: the server modules, the pure rules and schemas, the components. */
function featureFloorRules(feature) {
  const floor = featuresAboveOrBeside(feature);
  const tests = ["app/**/*.test.ts", "app/**/*.test.tsx"];
  return [
    { files: [`app/features/${feature}/**`], ignores: tests, rules: { [RESTRICT]: restrictImports(noRoutes, floor) } },
    {
      files: [`app/features/${feature}/**/*.ts`],
      ignores: ["app/**/*.server.ts", ...tests],
      rules: { [RESTRICT]: restrictImports(noRoutes, noModelValues, noServerModules, noServerPackages, floor) },
    },
    { files: [`app/features/${feature}/components/**`], ignores: tests, rules: { [RESTRICT]: restrictImports(noRoutes, noModels, noServerModules, noServerPackages, floor) } },
  ];
}

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".data/", "node_modules/", "playwright-report/", "test-results/", "db/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      [RESTRICT]: restrictImports(noRoutes),
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The classic hook rules. The plugin's React Compiler rules are left out: this app runs React 18 without the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Dialogs move focus to their first control when they open (the WAI-ARIA dialog pattern).
      "jsx-a11y/no-autofocus": "off",
    },
  },
  // Routes: parse, call a feature, shape the response. Never the models.
  { files: ["app/routes/**", "app/root.tsx", "app/entry.*.tsx"], rules: { [RESTRICT]: restrictImports(noModels) } },
  // Features: browser code (components, pure rules, schemas) never reaches the server, and each feature stays on its floor.
  ...FEATURE_FLOORS.flat().flatMap(featureFloorRules),
  {
    files: ["app/components/**", "app/lib/**"],
    ignores: ["app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: { [RESTRICT]: restrictImports(noRoutes, noModels, noServerModules, noServerPackages) },
  },
  { files: ["app/lib/**"], ignores: ["app/**/*.test.ts"], rules: { [RESTRICT]: restrictImports(noRoutes, noModels, noServerModules, noServerPackages, noFeatures) } },
  { files: ["app/integrations/**", "app/utils/**"], ignores: ["app/**/*.test.ts", "app/integrations/database.server.ts"], rules: { [RESTRICT]: restrictImports(noRoutes, noModels, noFeatures) } },
  { files: ["models/**"], rules: { [RESTRICT]: restrictImports(noApp) } },
  // Tests call loaders and actions of routes directly, and read stored documents.
  { files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"], rules: { [RESTRICT]: "off" } },
  // Playwright fixtures take what they depend on as a destructured first argument, which is empty when they depend on nothing.
  { files: ["tests/e2e/**"], rules: { "no-empty-pattern": "off" } },
);
