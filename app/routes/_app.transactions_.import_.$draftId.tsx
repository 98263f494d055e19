import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/features/auth/auth.server";
import { ImportPreviewForm, UnreadableFile } from "~/features/import/components/import-preview";
import { confirmImport, previewImport } from "~/features/import/import.server";
import { IMPORT_MESSAGES } from "~/features/import/messages";
import { IMPORT_PATH, importPreviewPath } from "~/features/import/paths";
import { CHOICE_FIELDS } from "~/features/import/choices";
import { parseChoices } from "~/features/import/choices.server";
import { TRANSACTIONS_PATH } from "~/features/transactions/transactions";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";
import { notFound } from "~/utils/not-found";
import { catchFailure } from "~/utils/action-failure.server";
import { queueSeriesDetection } from "~/integrations/jobs.server";

export const handle: PageHandle = { title: "Import Transactions" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const result = await previewImport(user.id, params.draftId ?? "", parseChoices(new URL(request.url).searchParams));
  if (result.status === "not-found") throw notFound();
  return { currency: user.currency, result, submissionKey: newSubmissionKey() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const fingerprint = String(formData.get(CHOICE_FIELDS.fingerprint) ?? "");
  const result = await confirmImport(user.id, params.draftId ?? "", parseChoices(formData), fingerprint, submissionKeyOf(formData));
  switch (result.status) {
    case "imported": {
      // New history may hold new series: they are looked for in the background, proposed on the recurring page.
      await catchFailure("queue series detection", () => queueSeriesDetection(user.id));
      const message = IMPORT_MESSAGES.imported(result.imported, result.duplicates, result.linked);
      if (result.nextDraftId) return redirectWithToast(importPreviewPath(result.nextDraftId), { type: "success", message: `${message}. ${IMPORT_MESSAGES.nextAccountOfFile}` });
      // Where the rows are: the New tab while some wait for a category, else Tracked (a file's categories filled them all in).
      return redirectWithToast(`${TRANSACTIONS_PATH}?tab=${result.uncategorized > 0 ? "new" : "tracked"}`, { type: "success", message });
    }
    case "not-found":
      throw notFound();
    case "unreadable":
      return data({ result, notice: null }, { status: 400 });
    case "changed":
      return data({ result: { status: "ready" as const, preview: result.preview }, notice: IMPORT_MESSAGES.previewChanged }, { status: 409 });
    case "refused":
      return data({ result: { status: "ready" as const, preview: result.preview }, notice: result.reason }, { status: 400 });
    case "failed":
      return data({ result: { status: "ready" as const, preview: result.preview }, notice: IMPORT_MESSAGES.importFailed }, { status: 503 });
  }
}

export default function ImportPreviewPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const result = acted?.result ?? loaded.result;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {result.status === "ready" ? (
        <ImportPreviewForm preview={result.preview} currency={loaded.currency} notice={acted?.notice ?? null} submissionKey={loaded.submissionKey} />
      ) : result.status === "unreadable" ? (
        <UnreadableFile draftId={result.draftId} fileName={result.fileName} error={result.error} encoding={result.encoding} />
      ) : null}
      <p className="text-sm">
        <Link to={IMPORT_PATH} reloadDocument className="font-semibold text-brand-700 hover:underline">
          Start over with another file
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Check the import | Ledgerly" }];

/** A draft that is gone, or another user's, is the same 404: this page says what to do about it. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <div className="mx-auto max-w-lg space-y-4 px-6 py-16 text-center">
            <h1 className="text-2xl font-bold text-slate-900">Upload not found</h1>
            <p className="text-slate-600">{IMPORT_MESSAGES.draftGone}</p>
            <Link to={IMPORT_PATH} className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Upload a file
            </Link>
          </div>
        ),
      }}
    />
  );
}
