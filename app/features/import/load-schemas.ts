/** The upload form's schema, loaded on the form's first use (useLazyForm). */
export const loadImportSchemas = () => import("./schema");
