import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { requireUser, requireUserId } from "~/features/auth/auth.server";
import { ImportHistory } from "~/features/import/components/import-history";
import { IMPORT_INTENTS, IMPORT_PATH, importPreviewPath } from "~/features/import/paths";
import { listImports, saveUpload, undoImport } from "~/features/import/import.server";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "~/features/import/messages";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";

export const handle: PageHandle = { title: "Import Transactions" };

const EXPORT_PATH = "/resources/transactions-export";
const ACCEPTED_FILES = ".csv,.txt,.tab,.tsv,.ofx,.qfx,.qif,.xml,text/csv,text/plain,application/xml,text/xml,application/x-ofx";

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

function failure(message: string, status = 400) {
  return data({ error: message }, { status });
}

/** Room for the form's other fields and the multipart framing around the file. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

async function upload(request: Request, userId: string) {
  if (Number(request.headers.get("Content-Length")) > IMPORT_LIMITS.maxBytes + UPLOAD_OVERHEAD_BYTES) return failure(IMPORT_MESSAGES.tooBig, 413);
  const formData = await readForm(request, { maxBytes: IMPORT_LIMITS.maxBytes + UPLOAD_OVERHEAD_BYTES });
  const file = formData.get("file");
  if (file instanceof File && file.size > IMPORT_LIMITS.maxBytes) return failure(IMPORT_MESSAGES.tooBig, 413);
  if (!(file instanceof File) || file.size === 0) return failure(file instanceof File && file.name ? IMPORT_MESSAGES.empty : IMPORT_MESSAGES.chooseFile);
  const saved = await saveUpload(userId, { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (!saved.ok) return failure(saved.error);
  return redirect(importPreviewPath(saved.draftId));
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return upload(request, userId);

  const formData = await readForm(request);
  if (formData.get("intent") !== IMPORT_INTENTS.undo) return failure(IMPORT_MESSAGES.notMultipart);
  const result = await undoImport(userId, String(formData.get("importId") ?? ""));
  if (result.status === "not-found") throw data(IMPORT_MESSAGES.importNotFound, { status: 404 });
  if (result.status === "already-undone") return redirectWithToast(IMPORT_PATH, { type: "warning", message: IMPORT_MESSAGES.alreadyUndone });
  return redirectWithToast(IMPORT_PATH, { type: "success", message: IMPORT_MESSAGES.undone(result.removed, result.kept.length) });
}

function UploadCard({ error }: { error: string | null }) {
  const isSubmitting = useIsSubmitting({ formAction: IMPORT_PATH });
  return (
    <SectionCard
      title="Import from your bank"
      description="Export your account's transactions from your bank's website and upload the file. You check a preview before anything is saved, and you can undo an import afterwards."
    >
      <Form method="post" action={IMPORT_PATH} encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value={IMPORT_INTENTS.upload} />
        <FormErrorBox errors={error ? [error] : null} />
        <div className="space-y-1">
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
            Bank file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            required
            accept={ACCEPTED_FILES}
            aria-describedby="import-file-hint"
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700"
          />
          <p id="import-file-hint" className="text-xs text-slate-500">
            CSV (any bank, any language), OFX, QFX, QIF or CAMT.053 — up to 5 MB and 20,000 transactions.
          </p>
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
      <UploadCard error={actionData && "error" in actionData ? actionData.error : null} />
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
