// Routes queue jobs through this server-only module: the browser build never sees the scheduler (or Agenda).
// It sits in app/: the compiler empties `.server` modules for the browser only inside the app directory.
export {
  queueImportUndo,
  queueInsightsFromModel,
  queueReportingRecount,
  queueRuleCount,
  queueRuleRun,
  queueSeriesDetection,
} from "../../jobs/scheduler";
