import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { requireUser, requireUserId } from "~/features/auth/auth.server";
import { ImportHistory } from "~/features/import/components/import-history";
import { UploadCard } from "~/features/import/components/upload-card";
import { IMPORT_INTENTS, IMPORT_PATH, importPreviewPath } from "~/features/import/paths";
import { listImports, saveUpload, startUndoImport } from "~/features/import/import.server";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "~/features/import/messages";
import { parseUploadForm } from "~/features/import/upload-form.server";
import type { PageHandle } from "~/utils/page-title";
import { notFound } from "~/utils/not-found";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { catchFailure } from "~/utils/action-failure.server";
import { queueImportUndo } from "~/integrations/jobs.server";

export const handle: PageHandle = { title: "Import Transactions" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const imports = await listImports(user.id);
  const undoId = new URL(request.url).searchParams.get("undo");
  return {
    currency: user.currency,
    imports: imports.map((batch) => ({ ...batch, _id: batch._id.toString() })),
    undoId: imports.some((batch) => batch._id.toString() === undoId && batch.status === "done") ? undoId : null,
  };
}

/** The upload form refused: the messages by field ("" for the whole form), shown on the form. */
function uploadRefused(result: SubmissionResult<string[]>, status: number) {
  return data({ result }, { status });
}

/** Room for the form's other fields and the multipart framing around the file. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

async function upload(request: Request, userId: string) {
  if (Number(request.headers.get("Content-Length")) > IMPORT_LIMITS.maxBytes + UPLOAD_OVERHEAD_BYTES) {
    return uploadRefused({ status: "error", error: { file: [IMPORT_MESSAGES.tooBig] } }, 413);
  }
  const formData = await readForm(request, { maxBytes: IMPORT_LIMITS.maxBytes + UPLOAD_OVERHEAD_BYTES });
  const { submission, refusalStatus } = parseUploadForm(formData);
  if (submission.status !== "success") return uploadRefused(submission.reply(), refusalStatus);
  const { file } = submission.value;
  const saved = await saveUpload(userId, { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (!saved.ok) return uploadRefused(submission.reply({ fieldErrors: { file: [saved.error] } }), 400);
  return redirect(importPreviewPath(saved.draftId));
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return upload(request, userId);

  const formData = await readForm(request);
  if (formData.get("intent") !== IMPORT_INTENTS.undo) return uploadRefused({ status: "error", error: { "": [IMPORT_MESSAGES.notMultipart] } }, 400);
  const importId = String(formData.get("importId") ?? "");
  const started = await startUndoImport(userId, importId);
  if (started.status === "not-found") throw notFound();
  if (started.status === "already-undone") return redirectWithToast(IMPORT_PATH, { type: "warning", message: IMPORT_MESSAGES.alreadyUndone });
  // Queued again when it was under way already: the job carries on where one cut off stopped (the cleanup job would too, later).
  await catchFailure("queue an import's undo", () => queueImportUndo(importId));
  return redirectWithToast(IMPORT_PATH, { type: "success", message: IMPORT_MESSAGES.undoStarted(started.fileName) });
}

export default function ImportTransactionsPage() {
  const { imports, currency, undoId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const undoing = imports.find((batch) => batch._id === undoId);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <UploadCard lastResult={actionData?.result} />
      <ImportHistory imports={imports} currency={currency} />
      <p className="text-sm">
        <Link to="/transactions" className="font-semibold text-brand-700 hover:underline">
          Back to transactions
        </Link>
      </p>
      {undoing ? (
        <ConfirmDialog
          title="Undo this import?"
          message={`The ${IMPORT_MESSAGES.plural(undoing.counts?.imported ?? 0, "transaction")} imported from ${undoing.fileName || "this file"} will be removed, except those you changed since the import.`}
          confirmLabel="Undo import"
          action={IMPORT_PATH}
          fields={{ intent: IMPORT_INTENTS.undo, importId: undoing._id }}
          cancelTo={IMPORT_PATH}
        />
      ) : null}
    </div>
  );
}


export const meta: MetaFunction = () => [{ title: "Import Transactions | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
