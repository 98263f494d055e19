import { parseWithZod } from "@conform-to/zod/v4";
import { AssetSourceSchema, AssetsFormSchema, IncomeSchema } from "./schema";

/** The monthly income form checked; the income leaves as cents (0 when left blank). */
export const parseIncomeForm = (formData: FormData) => parseWithZod(formData, { schema: IncomeSchema });

/** The assets' edit form checked as its button asks (Save, Add Asset, Remove); Save's amounts leave as cents. */
export const parseAssetsForm = (formData: FormData) => parseWithZod(formData, { schema: AssetsFormSchema });

/** A covered asset's choice of figure: its key and `accounts` or `typed`. */
export const parseAssetSourceForm = (formData: FormData) => parseWithZod(formData, { schema: AssetSourceSchema });
