import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { DEBT_MANAGEMENT_PATH } from "~/features/debts/debts";
import {
  ASSET_MESSAGES,
  AssetsRefusedError,
  checkDraftAmounts,
  checkNewAsset,
  isDefaultAssetKey,
  readPostedAssets,
  removedAssetKey,
  toDraft,
  type AssetFormErrors,
  type AssetFormReply,
  type DraftAsset,
} from "~/features/net-worth/assets";
import { MoneyPicture } from "~/features/net-worth/components/money-picture";
import {
  EDIT_ASSETS_PARAM,
  EDIT_ASSETS_VALUE,
  INCOME_MESSAGES,
  MAX_MONTHLY_INCOME_CENTS,
  MONEY_PICTURE_PATH,
  NET_WORTH_INTENTS,
  type IncomeFormReply,
} from "~/features/net-worth/net-worth";
import {
  getOrCreateMoneyPicture,
  listNetWorthSnapshots,
  readAssetsOrDefaults,
  refreshCurrentSnapshot,
  saveAssets,
  setMonthlyIncome,
} from "~/features/net-worth/net-worth.server";
import { parseAmountToCents, toCents } from "~/lib/money";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

/**
 * The "Your Money Picture" tab. Free users get nothing here (null): the
 * parent route shows them the locked screen and never renders this outlet.
 * `?edit=assets` opens the assets' edit form, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return null;
  const editing = new URL(request.url).searchParams.get(EDIT_ASSETS_PARAM) === EDIT_ASSETS_VALUE;
  // Any failure but an outage replaces the cards with ASSET_MESSAGES.loadFailed.
  const loaded = await catchFailure("loading the money picture", () => Promise.all([getOrCreateMoneyPicture(user.id), listNetWorthSnapshots(user.id)]));
  if (!loaded.ok) return { loadFailed: true as const, currency: user.currency, editing };
  const [picture, snapshots] = loaded.value;
  return { loadFailed: false as const, currency: user.currency, editing, ...picture, snapshots };
}

function assetReply(draft: DraftAsset[], { newAssetName = "", errors = {} }: { newAssetName?: string; errors?: AssetFormErrors }, status = 200) {
  const reply: AssetFormReply = { form: "assets", draft, newAssetName, errors };
  return data(reply, { status });
}

function incomeReply(monthlyIncome: string, errors: IncomeFormReply["errors"], status: number) {
  const reply: IncomeFormReply = { form: "income", monthlyIncome, errors };
  return data(reply, { status });
}

/**
 * Add Asset and Remove change the draft only (the whole edit form is posted
 * and sent back changed); Save writes it. A free user's post goes back to
 * /debt-management, which shows the locked screen, and writes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await getPremiumUser(request);
  if (!user) throw redirect(DEBT_MANAGEMENT_PATH);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const removeKey = removedAssetKey(intent);

  switch (removeKey === null ? intent : NET_WORTH_INTENTS.removeAsset) {
    case NET_WORTH_INTENTS.setIncome: {
      const typed = formData.get("monthlyIncome");
      const text = typeof typed === "string" ? typed : "";
      const cents = text.trim() === "" ? toCents(0) : parseAmountToCents(text);
      if (typeof typed !== "string" || cents === null) return incomeReply(text, { monthlyIncome: [INCOME_MESSAGES.invalid] }, 400);
      if (cents > MAX_MONTHLY_INCOME_CENTS) return incomeReply(text, { monthlyIncome: [INCOME_MESSAGES.tooLarge] }, 400);
      const set = await catchFailure("setting the monthly income", () => setMonthlyIncome(user.id, cents));
      if (!set.ok) return incomeReply(text, { form: [INCOME_MESSAGES.updateFailed] }, 503);
      await refreshCurrentSnapshot(user.id);
      return redirectWithToast(MONEY_PICTURE_PATH, { type: "success", message: INCOME_MESSAGES.updated });
    }
    case NET_WORTH_INTENTS.addAsset: {
      const posted = await postedDraft(user.id, formData);
      if (!posted.ok) return posted.reply;
      const { draft, newAssetName } = posted;
      const added = checkNewAsset(newAssetName, draft);
      if (!added.ok) return assetReply(draft, { newAssetName, errors: { newAssetName: [added.error] } }, 400);
      return assetReply([...draft, added.entry], {});
    }
    case NET_WORTH_INTENTS.removeAsset: {
      // Only a Remove button's "remove-asset:<key>" names an asset: the bare value is no form's.
      if (removeKey === null) break;
      const posted = await postedDraft(user.id, formData);
      if (!posted.ok) return posted.reply;
      const { draft, newAssetName } = posted;
      if (isDefaultAssetKey(removeKey)) return assetReply(draft, { newAssetName, errors: { form: [ASSET_MESSAGES.defaultNotRemovable] } }, 400);
      if (!draft.some((entry) => entry.key === removeKey)) return assetReply(draft, { newAssetName, errors: { form: [ASSET_MESSAGES.listTampered] } }, 400);
      return assetReply(
        draft.filter((entry) => entry.key !== removeKey),
        { newAssetName },
      );
    }
    case NET_WORTH_INTENTS.saveAssets: {
      const posted = await postedDraft(user.id, formData);
      if (!posted.ok) return posted.reply;
      const { draft, newAssetName } = posted;
      const checked = checkDraftAmounts(draft);
      if (!checked.ok) return assetReply(draft, { newAssetName, errors: { amounts: checked.amountErrors } }, 400);
      const saved = await catchFailure("saving assets", () => saveAssets(user.id, checked.entries), { refusal: (error) => error instanceof AssetsRefusedError });
      if (!saved.ok && saved.error instanceof AssetsRefusedError) return assetReply(draft, { newAssetName, errors: { form: [ASSET_MESSAGES.listTampered] } }, 400);
      if (!saved.ok) return assetReply(draft, { newAssetName, errors: { form: [ASSET_MESSAGES.updateFailed] } }, 503);
      await refreshCurrentSnapshot(user.id);
      return redirectWithToast(MONEY_PICTURE_PATH, { type: "success", message: ASSET_MESSAGES.updated });
    }
  }
  throw unknownForm();
}

/** The whole edit form as posted, or (a form that is not one) the stored assets sent back with the refusal. */
async function postedDraft(userId: string, formData: FormData) {
  const posted = readPostedAssets(formData);
  if (!posted.draft) return { ok: false as const, reply: assetReply(toDraft(await readAssetsOrDefaults(userId)), { errors: { form: [posted.error] } }, 400) };
  const typedName = formData.get("newAssetName");
  return { ok: true as const, draft: posted.draft, newAssetName: typeof typedName === "string" ? typedName : "" };
}

export const handle: PageHandle = { title: "Debt Management" };

export default function MoneyPictureTab() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData) return null;
  return <MoneyPicture {...loaderData} reply={actionData} />;
}

export const meta: MetaFunction = () => [{ title: "Your Money Picture | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
