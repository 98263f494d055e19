export { action, loader, default, meta, ErrorBoundary } from "./subscription";
