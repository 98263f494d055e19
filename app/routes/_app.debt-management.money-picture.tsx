import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { DEBT_MANAGEMENT_PATH } from "~/features/debts/debts";
import { ASSET_MESSAGES, AssetsRefusedError, newAssetEntry } from "~/features/net-worth/assets";
import { MoneyPicture } from "~/features/net-worth/components/money-picture";
import { parseAssetSourceForm, parseAssetsForm, parseIncomeForm } from "~/features/net-worth/money-picture-form.server";
import {
  ASSET_SOURCE_MESSAGES,
  assetSourceChosen,
  EDIT_ASSETS_PARAM,
  EDIT_ASSETS_VALUE,
  INCOME_MESSAGES,
  isAssetsFormIntent,
  MONEY_PICTURE_PATH,
  NET_WORTH_INTENTS,
  type AssetFormReply,
  type IncomeFormReply,
  type SourceFormReply,
} from "~/features/net-worth/net-worth";
import { getOrCreateMoneyPicture, listNetWorthSnapshots, refreshCurrentSnapshot, saveAssets, setAssetSource, setMonthlyIncome } from "~/features/net-worth/net-worth.server";
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

/** A free user's post goes back to /debt-management, which shows the locked screen, and writes nothing. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await getPremiumUser(request);
  if (!user) throw redirect(DEBT_MANAGEMENT_PATH);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === NET_WORTH_INTENTS.setIncome) return setIncome(user.id, formData);
  if (isAssetsFormIntent(intent)) return editAssets(user.id, formData);
  if (intent === NET_WORTH_INTENTS.chooseAssetSource) return chooseAssetSource(user.id, formData);
  throw unknownForm();
}

/** The answer to a form that stays on the page: the assets' draft after Add Asset or Remove, or a refusal. */
function answer(reply: AssetFormReply | IncomeFormReply | SourceFormReply, status = 200) {
  return data(reply, { status });
}

async function setIncome(userId: string, formData: FormData) {
  const submission = parseIncomeForm(formData);
  if (submission.status !== "success") return answer({ form: "income", result: submission.reply() }, 400);
  const set = await catchFailure("setting the monthly income", () => setMonthlyIncome(userId, submission.value.monthlyIncome));
  if (!set.ok) return answer({ form: "income", result: submission.reply({ formErrors: [INCOME_MESSAGES.updateFailed] }) }, 503);
  await refreshCurrentSnapshot(userId);
  return redirectWithToast(MONEY_PICTURE_PATH, { type: "success", message: INCOME_MESSAGES.updated });
}

/** Which figure a typed asset that accounts stand for counts: the accounts' balances or the amount typed. */
async function chooseAssetSource(userId: string, formData: FormData) {
  const submission = parseAssetSourceForm(formData);
  if (submission.status !== "success") return answer({ form: "source", message: ASSET_SOURCE_MESSAGES.invalid }, 400);
  const { key, source } = submission.value;
  const set = await catchFailure("choosing an asset's source", () => setAssetSource(userId, key, source));
  if (!set.ok) return answer({ form: "source", message: ASSET_SOURCE_MESSAGES.updateFailed }, 503);
  await refreshCurrentSnapshot(userId);
  return redirectWithToast(MONEY_PICTURE_PATH, { type: "success", message: assetSourceChosen(key, source) });
}

/** Add Asset and Remove change the draft only (the whole edit form is posted and sent back changed); Save writes it. */
async function editAssets(userId: string, formData: FormData) {
  const submission = parseAssetsForm(formData);
  if (submission.status !== "success") return answer({ form: "assets", result: submission.reply() }, 400);
  const posted = submission.value;
  switch (posted.intent) {
    case NET_WORTH_INTENTS.addAsset:
      return answer({ form: "assets", draft: [...posted.assets, newAssetEntry(posted.newAssetName)], newAssetName: "" });
    case NET_WORTH_INTENTS.removeAsset:
      return answer({ form: "assets", draft: posted.assets.filter((entry) => entry.key !== posted.removeKey), newAssetName: posted.newAssetName });
    case NET_WORTH_INTENTS.saveAssets: {
      const saved = await catchFailure("saving assets", () => saveAssets(userId, posted.assets), { refusal: (error) => error instanceof AssetsRefusedError });
      if (!saved.ok) {
        const refused = saved.error instanceof AssetsRefusedError;
        return answer({ form: "assets", result: submission.reply({ formErrors: [refused ? ASSET_MESSAGES.listTampered : ASSET_MESSAGES.updateFailed] }) }, refused ? 400 : 503);
      }
      await refreshCurrentSnapshot(userId);
      return redirectWithToast(MONEY_PICTURE_PATH, { type: "success", message: ASSET_MESSAGES.updated });
    }
  }
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
