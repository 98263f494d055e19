import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../../scripts/embedded-db.mjs";

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
  const workDir = createThrowAwayDirectory("ledgerly-vitest-");
  const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true });
  project.provide("mongodbBaseUri", database.uri);
  return async () => {
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
