import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { CATEGORY_INTENTS } from "./categories";
import { AddCategorySchema, CategoryAmountSchema, RenameCategorySchema } from "./schema";

/** Every form the category action knows, by intent: the typed ones (schema.ts), the delete and move buttons, and a drag's new order. */
const CategoryFormSchema = z.discriminatedUnion("intent", [
  AddCategorySchema,
  RenameCategorySchema,
  CategoryAmountSchema,
  z.object({ intent: z.literal(CATEGORY_INTENTS.delete), categoryId: z.string() }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.move), categoryId: z.string(), direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.reorder), type: z.string(), ids: z.array(z.string()) }),
]);

export type CategoryForm = z.output<typeof CategoryFormSchema>;

/** A category form checked: on success its value is ready for the category services (amounts in cents). */
export function parseCategoryForm(formData: FormData) {
  return parseWithZod(formData, { schema: CategoryFormSchema });
}
