import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { requireUserId } from "~/features/auth/auth.server";
import { TagList } from "~/features/tags/components/tag-list";
import { TAG_INTENTS, TAG_MESSAGES, TAGS_PATH } from "~/features/tags/tags";
import { renameTag } from "~/features/tags/tags.server";
import { deleteTag, listTagsWithCounts, mergeTag } from "~/features/transactions/tagging.server";
import { TRANSACTIONS_PATH } from "~/features/transactions/transactions";
import { replaceTagInRules } from "~/features/rules/rules.server";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const tags = await listTagsWithCounts(userId);
  const deleteId = new URL(request.url).searchParams.get("delete");
  return { tags, deleting: tags.find((tag) => tag.id === deleteId) ?? null };
}

const RENAME_REFUSALS = { invalid: TAG_MESSAGES.nameRequired, taken: TAG_MESSAGES.taken } as const;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const tagId = String(formData.get("tagId") ?? "");
  const refused = (message: string) => data({ error: { tagId, message } }, { status: 400 });
  switch (formData.get("intent")) {
    case TAG_INTENTS.rename: {
      const renamed = await renameTag(userId, tagId, String(formData.get("name") ?? ""));
      if (renamed.ok) return redirectWithToast(TAGS_PATH, { type: "success", message: TAG_MESSAGES.renamed });
      if (renamed.reason === "not-found") throw notFound();
      return refused(RENAME_REFUSALS[renamed.reason]);
    }
    case TAG_INTENTS.merge: {
      const intoId = String(formData.get("intoId") ?? "");
      if (intoId === "" || intoId === tagId) return refused(TAG_MESSAGES.mergeTarget);
      const merged = await catchFailure("merge tags", async () => {
        if (!(await mergeTag(userId, tagId, intoId))) return false;
        await replaceTagInRules(userId, tagId, intoId);
        return true;
      });
      if (!merged.ok) return data({ error: { tagId, message: TAG_MESSAGES.failed } }, { status: 503 });
      if (!merged.value) throw notFound();
      return redirectWithToast(TAGS_PATH, { type: "success", message: TAG_MESSAGES.merged });
    }
    case TAG_INTENTS.delete: {
      const deleted = await catchFailure("delete tag", async () => {
        if (!(await deleteTag(userId, tagId))) return false;
        await replaceTagInRules(userId, tagId, null);
        return true;
      });
      if (!deleted.ok) return redirectWithToast(TAGS_PATH, { type: "error", message: TAG_MESSAGES.failed });
      if (!deleted.value) throw notFound();
      return redirectWithToast(TAGS_PATH, { type: "success", message: TAG_MESSAGES.deleted });
    }
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Tags" };

const transactionsWithTag = (tagId: string) => `${TRANSACTIONS_PATH}?${new URLSearchParams({ tab: "tracked", tag: tagId })}`;

export default function TagsPage() {
  const { tags, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <SectionCard
        title="Tags"
        description={
          <>
            Tags group transactions across categories: a trip, a project, a gift list. Add them in a transaction&apos;s form, to several at once on the{" "}
            <Link to={TRANSACTIONS_PATH} className="font-semibold text-brand-700 hover:underline">
              transactions page
            </Link>
            , or with a rule. Renaming a tag renames it everywhere; merging moves its transactions to the other tag.
          </>
        }
      >
        <TagList tags={tags} deleting={deleting} errors={actionData?.error ?? null} transactionsHref={transactionsWithTag} />
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Tags | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
