/**
 * The savings forms' schemas, loaded on a form's first use (useLazyForm). One loader for the goal,
 * withdrawal and initial-savings forms: the hook keeps what arrived by loader, so the page loads them once.
 */
export const loadSavingsSchemas = () => import("./schema");
