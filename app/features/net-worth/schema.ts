import * as z from "zod/mini";
import { centsField } from "~/lib/amount-field";
import { ZERO_CENTS } from "~/lib/money";
import { ASSET_MESSAGES, isDefaultAssetKey, isWellFormedDraft, MAX_ASSET_CENTS, newAssetProblem, removedAssetKey, type DraftAsset } from "./assets";
import { ASSET_SOURCES, COVERED_ASSET_KEYS } from "./balance-sheet";
import { INCOME_MESSAGES, MAX_MONTHLY_INCOME_CENTS, NET_WORTH_INTENTS } from "./net-worth";

/*
 * The money picture's forms, for the browser and the server. The browser imports this module only on
 * demand (useLazyForm, through load-schemas.ts), the server through money-picture-form.server.ts.
 */

/** A typed amount as cents, 0 when left blank: `invalid` when the text is not an amount, `tooLarge` above `max`. */
function amountOrZero(invalid: string, tooLarge: string, max: number) {
  return z.pipe(
    z.transform((typed: unknown) => (typeof typed === "string" && typed.trim() === "" ? undefined : typed)),
    z._default(centsField(invalid).check(z.refine((cents) => cents <= max, { error: tooLarge })), ZERO_CENTS),
  );
}

/** The monthly income form. */
export const IncomeSchema = z.object({
  monthlyIncome: amountOrZero(INCOME_MESSAGES.invalid, INCOME_MESSAGES.tooLarge, MAX_MONTHLY_INCOME_CENTS),
});

/** The two buttons of a covered asset: count the accounts' balances, or the amount typed. */
export const AssetSourceSchema = z.object({
  intent: z.literal(NET_WORTH_INTENTS.chooseAssetSource),
  key: z.enum(COVERED_ASSET_KEYS),
  source: z.enum(ASSET_SOURCES),
});

const text = z._default(z.string(), "");

/** An entry of the edit form (its key and name are hidden fields) with its amount as typed: a draft. */
const DraftEntry = z.object({ key: text, name: text, amount: text });

/** Save: every amount must be one; they leave as cents. */
const SaveAssetsSchema = z.object({
  intent: z.literal(NET_WORTH_INTENTS.saveAssets),
  assets: z.array(z.object({ key: text, name: text, amount: amountOrZero(ASSET_MESSAGES.amountInvalid, ASSET_MESSAGES.amountTooLarge, MAX_ASSET_CENTS) })),
  newAssetName: text,
});

/** Add Asset: the new name must be free; the amounts stay a draft. */
const AddAssetSchema = z
  .object({ intent: z.literal(NET_WORTH_INTENTS.addAsset), assets: z.array(DraftEntry), newAssetName: text })
  .check(
    z.superRefine(({ newAssetName, assets }, context) => {
      const problem = newAssetProblem(newAssetName, assets);
      if (problem) context.addIssue({ code: "custom", message: problem, path: ["newAssetName"], input: newAssetName });
    }),
  );

/** Remove: a custom asset of the draft (the button names it in its intent, read into `removeKey`). */
const RemoveAssetSchema = z
  .object({ intent: z.literal(NET_WORTH_INTENTS.removeAsset), removeKey: text, assets: z.array(DraftEntry), newAssetName: text })
  .check(
    z.refine(({ removeKey }) => !isDefaultAssetKey(removeKey), { error: ASSET_MESSAGES.defaultNotRemovable }),
    z.refine(({ removeKey, assets }) => assets.some((entry) => entry.key === removeKey), { error: ASSET_MESSAGES.listTampered }),
  );

type PostedAssetsForm = { intent?: string; assets?: DraftAsset[]; newAssetName?: string };

/**
 * The assets' edit form, checked as the button pressed asks: Save, Add Asset or Remove. Typing (no
 * button pressed yet) is checked as Save would be, the form's default button. Whatever the button,
 * the entries must be a list the page could have sent.
 */
export const AssetsFormSchema = z.pipe(
  z.transform((form: PostedAssetsForm): unknown => {
    const removeKey = removedAssetKey(form.intent);
    if (removeKey !== null) return { ...form, intent: NET_WORTH_INTENTS.removeAsset, removeKey };
    return { ...form, intent: form.intent ?? NET_WORTH_INTENTS.saveAssets };
  }),
  z
    .discriminatedUnion("intent", [SaveAssetsSchema, AddAssetSchema, RemoveAssetSchema])
    .check(z.refine(({ assets }) => isWellFormedDraft(assets), { error: ASSET_MESSAGES.listTampered })),
);
