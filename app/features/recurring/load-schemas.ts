/** The schedule form's schema, loaded on the form's first use (useLazyForm). */
export const loadRecurringSchemas = () => import("./schema");
