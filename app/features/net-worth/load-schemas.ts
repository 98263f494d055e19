/**
 * The money picture's schemas, loaded on a form's first use (useLazyForm). One loader for the
 * assets' edit form and the monthly income form: the hook keeps what arrived by loader, so the page loads them once.
 */
export const loadNetWorthSchemas = () => import("./schema");
