/**
 * The debt forms' schemas, loaded on a form's first use (useLazyForm). One loader for the
 * debt form and the Pay panel: the hook keeps what arrived by loader, so the page loads them once.
 */
export const loadDebtSchemas = () => import("./schema");
