export { action, loader, default, meta, ErrorBoundary } from "./signup";
