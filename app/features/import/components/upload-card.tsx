import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { loadImportSchemas } from "../load-schemas";
import { IMPORT_INTENTS, IMPORT_PATH } from "../paths";

const EXPORT_PATH = "/resources/transactions-export";
const FILE_HINT_ID = "import-file-hint";
const ACCEPTED_FILES = ".csv,.txt,.tab,.tsv,.ofx,.qfx,.qif,.xml,.940,.sta,.mt940,.swi,text/csv,text/plain,application/xml,text/xml,application/x-ofx";

/**
 * The upload form: the file is checked in the browser once the schema has arrived (useLazyForm), and always on
 * the server. It reads "Reading file..." only while it is the form being sent (the page's undo posts to the same path).
 */
export function UploadCard({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const isSubmitting = useIsSubmitting({ formAction: IMPORT_PATH, intent: IMPORT_INTENTS.upload });
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
