import { parseWithZod } from "@conform-to/zod/v4";
import { isSupportedCurrency } from "~/lib/currency-list";
import { changePasswordSchema, currencySchema, DisplayNameSchema } from "./schema";

export const parseDisplayNameForm = (formData: FormData) => parseWithZod(formData, { schema: DisplayNameSchema });
export const parseCurrencyForm = (formData: FormData) => parseWithZod(formData, { schema: currencySchema(isSupportedCurrency) });
export const parseChangePasswordForm = (formData: FormData, requiresCurrentPassword: boolean) =>
  parseWithZod(formData, { schema: changePasswordSchema(requiresCurrentPassword) });
