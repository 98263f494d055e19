export const launcherPath: string;
export function ensureLauncherBuilt(): void;
export function findFreePort(): Promise<number>;
export function startEmbeddedDatabase(options: {
  dataDir?: string;
  backend?: "sqlite" | "postgresql";
  postgresUrl?: string;
  port?: number;
  database?: string;
  logLevel?: string;
}): Promise<{ uri: string; port: number; stop: () => Promise<void>; process: import("node:child_process").ChildProcess }>;
