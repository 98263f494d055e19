import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedDatabase } from "../../scripts/embedded-db.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    mongodbBaseUri: string;
  }
}

/** One FerretDB for the whole run, in a temporary folder; each test file uses its own database. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_MONGODB_URI) {
    project.provide("mongodbBaseUri", process.env.TEST_MONGODB_URI);
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ledgerly-vitest-"));
  const database = await startEmbeddedDatabase({ dataDir });
  project.provide("mongodbBaseUri", database.uri);
  return async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
