// Runs only the background jobs (Agenda), without the web server: for deployments that start
// web instances with RUN_JOBS=false. Needs the same environment as the app, and `npm run build` first.
import path from "node:path";
import { fileURLToPath } from "node:url";

process.env.RUN_JOBS = "true";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The server build connects to the database and starts the scheduler when it is loaded.
await import(path.join(root, "build", "index.js"));
console.log("Ledgerly worker: background jobs running (Ctrl-C stops)");
