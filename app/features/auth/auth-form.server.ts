import { parseWithZod } from "@conform-to/zod/v4";
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignUpSchema, TwoFactorSignInSchema } from "./schema";
import { twoFactorFormSchema } from "./two-factor-schema";

/** The sign-in, sign-up, password-reset and two-factor forms as the actions read them, with the schemas the browser checks. */
export const parseLoginForm = (formData: FormData) => parseWithZod(formData, { schema: LoginSchema });
export const parseTwoFactorSignInForm = (formData: FormData) => parseWithZod(formData, { schema: TwoFactorSignInSchema });
export const parseSignUpForm = (formData: FormData) => parseWithZod(formData, { schema: SignUpSchema });
export const parseForgotPasswordForm = (formData: FormData) => parseWithZod(formData, { schema: ForgotPasswordSchema });
export const parseResetPasswordForm = (formData: FormData) => parseWithZod(formData, { schema: ResetPasswordSchema });
export const parseTwoFactorForm = (formData: FormData, asks: Parameters<typeof twoFactorFormSchema>[0]) =>
  parseWithZod(formData, { schema: twoFactorFormSchema(asks) });
