import { getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ErrorList, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { requireUser, requireUserId } from "~/features/auth/auth.server";
import { ImportHistory } from "~/features/import/components/import-history";
import { loadImportSchemas } from "~/features/import/load-schemas";
import { IMPORT_INTENTS, IMPORT_PATH, importPreviewPath } from "~/features/import/paths";
import { listImports, saveUpload, undoImport } from "~/features/import/import.server";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "~/features/import/messages";
import { parseUploadForm } from "~/features/import/upload-form.server";
import type { PageHandle } from "~/utils/page-title";
import { notFound } from "~/utils/not-found";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";

export const handle: PageHandle = { title: "Import Transactions" };

const EXPORT_PATH = "/resources/transactions-export";
const FILE_HINT_ID = "import-file-hint";
const ACCEPTED_FILES = ".csv,.txt,.tab,.tsv,.ofx,.qfx,.qif,.xml,.940,.sta,.mt940,.swi,text/csv,text/plain,application/xml,text/xml,application/x-ofx";

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
  const result = await undoImport(userId, String(formData.get("importId") ?? ""));
  if (result.status === "not-found") throw notFound();
  if (result.status === "already-undone") return redirectWithToast(IMPORT_PATH, { type: "warning", message: IMPORT_MESSAGES.alreadyUndone });
  return redirectWithToast(IMPORT_PATH, { type: "success", message: IMPORT_MESSAGES.undone(result.removed, result.kept.length) });
}

/** The upload form: the file is checked in the browser once the schema has arrived (useLazyForm), and always on the server. */
function UploadCard({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const isSubmitting = useIsSubmitting({ formAction: IMPORT_PATH });
  const formRef = useFocusFirstInvalid<HTMLFormElement>(lastResult);
  const { form, fields, formProps } = useLazyForm({ id: "import-upload", lastResult, loadSchemas: loadImportSchemas, schemaOf: (schemas) => schemas.UploadSchema });
  return (
    <SectionCard
      title="Import from your bank"
      description="Export your account's transactions from your bank's website and upload the file. You check a preview before anything is saved, and you can undo an import afterwards."
    >
      <Form ref={formRef} method="post" action={IMPORT_PATH} encType="multipart/form-data" className="space-y-4" {...formProps}>
        <input type="hidden" name="intent" value={IMPORT_INTENTS.upload} />
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <div className="space-y-1">
          <label htmlFor={fields.file.id} className="block text-sm font-medium text-slate-700">
            Bank file
          </label>
          <input
            {...getInputProps(fields.file, { type: "file", ariaDescribedBy: FILE_HINT_ID })}
            required
            accept={ACCEPTED_FILES}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700 aria-[invalid]:border-red-400"
          />
          <p id={FILE_HINT_ID} className="text-xs text-slate-500">
            CSV (any bank, any language), OFX, QFX, QIF, CAMT.053 or MT940 — up to 5 MB and 20,000 transactions.
          </p>
          <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Reading file..." className="sm:w-auto">
          Upload and preview
        </SubmitButton>
      </Form>
      <p className="text-sm text-slate-600">
        Want a copy of what you already have?{" "}
        <a href={EXPORT_PATH} className="font-semibold text-brand-700 hover:underline">
          Export CSV
        </a>
      </p>
    </SectionCard>
  );
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
