import { parseWithZod } from "@conform-to/zod/v4";
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignUpSchema } from "./schema";

/** The sign-in, sign-up and password-reset forms as the actions read them, with the schemas the browser checks. */
export const parseLoginForm = (formData: FormData) => parseWithZod(formData, { schema: LoginSchema });
export const parseSignUpForm = (formData: FormData) => parseWithZod(formData, { schema: SignUpSchema });
export const parseForgotPasswordForm = (formData: FormData) => parseWithZod(formData, { schema: ForgotPasswordSchema });
export const parseResetPasswordForm = (formData: FormData) => parseWithZod(formData, { schema: ResetPasswordSchema });
