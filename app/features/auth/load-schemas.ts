/**
 * The auth forms' schemas, loaded on a form's first use (useLazyForm). One loader for all
 * of them: the hook keeps what arrived by loader, so moving between the sign-in pages loads once.
 */
export const loadAuthSchemas = () => import("./schema");
