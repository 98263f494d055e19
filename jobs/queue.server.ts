// Routes queue jobs through this server-only module: the browser build never sees the scheduler (or Agenda).
export { queueReportingRecount } from "./scheduler";
