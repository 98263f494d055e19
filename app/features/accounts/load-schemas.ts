/** The account form's schema, loaded on the form's first use (useLazyForm). */
export const loadAccountSchemas = () => import("./schema");
