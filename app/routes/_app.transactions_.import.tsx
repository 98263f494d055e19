import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { data, Form, Link, useActionData, useSubmit } from "@remix-run/react";
import * as z from "zod/mini";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { requireUser, requireUserId } from "~/features/auth/auth.server";
import {
  CSV_MESSAGES,
  DATE_FORMATS,
  guessMapping,
  mapRows,
  MAX_CSV_BYTES,
  type CsvMapping,
  type ParsedCsv,
} from "~/features/csv/csv";
import { parseCsv } from "~/features/csv/csv-text.server";
import { commitImport, previewImport } from "~/features/csv/csv.server";
import { formatMoney, toCents } from "~/lib/money";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Import Transactions" };

const IMPORT_PATH = "/transactions/import";
const EXPORT_PATH = "/resources/transactions-export";
const PREVIEW_ROWS = 20;
const LISTED_PROBLEMS = 100;
const CSV_FILE_TYPES = ["text/csv", "text/plain", "application/csv"];

export const INTENT = { upload: "upload", preview: "preview", confirm: "confirm" } as const;

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export const IMPORT_MESSAGES = {
  chooseFile: "Please choose a CSV file to import.",
  notCsv: "This file is not a CSV file. Please choose a .csv file exported from your bank.",
  notMultipart: "Please upload the file with the import form.",
  chooseDate: "Choose the column that holds the date",
  chooseDescription: "Choose the column that holds the description",
  chooseAmount: "Choose the amount column, or the debit and credit columns",
  amountOrSplit: "Choose either an amount column or debit and credit columns, not both",
  unknownColumn: "Choose one of the file's columns",
  mappingChanged: "The column choices changed since the preview. Check the preview below, then import again.",
  allDuplicates: "There is nothing new to import: every readable row is already in your transactions.",
  nothingReadable: "No row can be imported with these column choices.",
  importButton: (count: number) => `Import ${plural(count, "transaction")}`,
  imported: (imported: number, skipped: number) => `Imported ${plural(imported, "transaction")}, skipped ${plural(skipped, "duplicate")}`,
} as const;

const UploadSchema = z.object({ file: z.file({ error: IMPORT_MESSAGES.chooseFile }) });

/** The column selects; every chosen column must be one of the file's headers. */
function mappingSchema(headers: readonly string[]) {
  const known = new Set(headers);
  const column = (error?: string) => z.string({ error }).check(z.refine((value) => known.has(value), { error: IMPORT_MESSAGES.unknownColumn }));
  return z
    .object({
      dateColumn: column(IMPORT_MESSAGES.chooseDate),
      descriptionColumn: column(IMPORT_MESSAGES.chooseDescription),
      amountColumn: z.optional(column()),
      debitColumn: z.optional(column()),
      creditColumn: z.optional(column()),
      typeColumn: z.optional(column()),
      categoryColumn: z.optional(column()),
      dateFormat: z.enum(DATE_FORMATS),
      flipSign: z._default(z.boolean(), false),
      previewed: z.optional(z.string()),
    })
    .check(
      z.superRefine((value, ctx) => {
        const split = Boolean(value.debitColumn || value.creditColumn);
        if (value.amountColumn && split) {
          ctx.issues.push({ code: "custom", message: IMPORT_MESSAGES.amountOrSplit, input: value.amountColumn, path: ["amountColumn"] });
        } else if (!value.amountColumn && !split) {
          ctx.issues.push({ code: "custom", message: IMPORT_MESSAGES.chooseAmount, input: value.amountColumn, path: ["amountColumn"] });
        }
      }),
    );
}

type MappingForm = z.output<ReturnType<typeof mappingSchema>>;

function toMapping(value: MappingForm): CsvMapping {
  return {
    date: value.dateColumn,
    description: value.descriptionColumn,
    amount: value.amountColumn,
    debit: value.debitColumn,
    credit: value.creditColumn,
    type: value.typeColumn,
    category: value.categoryColumn,
    dateFormat: value.dateFormat,
    flipSign: value.flipSign,
  };
}

function toFormValues(mapping: CsvMapping) {
  return {
    dateColumn: mapping.date,
    descriptionColumn: mapping.description,
    amountColumn: mapping.amount,
    debitColumn: mapping.debit,
    creditColumn: mapping.credit,
    typeColumn: mapping.type,
    categoryColumn: mapping.category,
    dateFormat: mapping.dateFormat,
    flipSign: mapping.flipSign ? "on" : undefined,
  };
}

/** Names the mapping a preview was made with, so a confirm after changed selects previews again instead of importing. */
function mappingKey(mapping: CsvMapping) {
  const { date, description, amount = "", debit = "", credit = "", type = "", category = "", dateFormat, flipSign = false } = mapping;
  return JSON.stringify([date, description, amount, debit, credit, type, category, dateFormat, flipSign]);
}

function isCsvFile(file: File) {
  return /\.(csv|txt)$/i.test(file.name) || CSV_FILE_TYPES.includes(file.type);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  return null;
}

/**
 * Every step posts the whole form as multipart: the file first, then the CSV
 * text kept in a hidden field. The browser sends that text back with CRLF
 * line breaks, which can grow it, so a part may be up to twice the limit;
 * `parseCsv` holds the 5 MB limit on the text itself.
 */
async function readImportForm(request: Request) {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return { ok: false as const, error: IMPORT_MESSAGES.notMultipart };
  try {
    const uploadHandler = unstable_createMemoryUploadHandler({ maxPartSize: MAX_CSV_BYTES * 2 });
    return { ok: true as const, formData: await unstable_parseMultipartFormData(request, uploadHandler) };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false as const, error: CSV_MESSAGES.tooBig };
    throw error;
  }
}

/** Back to the upload step with `message` as the form's error (conform keeps form-level errors under ""). */
function uploadFailure(message: string) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data({ step: "upload" as const, result }, { status: 400 });
}

type MapStepInput = {
  userId: string;
  currency: string;
  csvText: string;
  fileName: string;
  csv: ParsedCsv;
  mapping: CsvMapping;
  notice?: string;
};

async function mapStep({ userId, currency, csvText, fileName, csv, mapping, notice }: MapStepInput) {
  const preview = await previewImport(userId, mapRows(csv.rows, mapping));
  const rows = preview.rows.slice(0, PREVIEW_ROWS).map((row) =>
    row.ok
      ? {
          line: row.line,
          date: row.date,
          description: row.description,
          category: row.categoryName,
          type: row.type,
          amount: formatMoney(toCents(row.amount), currency),
          status: row.duplicate ? ("duplicate" as const) : ("new" as const),
          error: null,
        }
      : { line: row.line, status: "invalid" as const, error: row.error },
  );
  const problems = preview.rows.flatMap((row) => (row.ok ? [] : [row.error]));
  return {
    step: "map" as const,
    csv: csvText,
    fileName,
    headers: csv.headers,
    rowCount: csv.rows.length,
    mapping,
    previewed: mappingKey(mapping),
    preview: { rows, counts: preview.counts, problems: problems.slice(0, LISTED_PROBLEMS), moreProblems: Math.max(0, problems.length - LISTED_PROBLEMS) },
    notice: notice ?? null,
    result: null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const form = await readImportForm(request);
  if (!form.ok) return uploadFailure(form.error);
  const { formData } = form;
  const intent = formData.get("intent");

  if (intent === INTENT.upload) {
    const submission = parseWithZod(formData, { schema: UploadSchema });
    if (submission.status !== "success") return data({ step: "upload" as const, result: submission.reply() }, { status: 400 });
    const { file } = submission.value;
    if (!isCsvFile(file)) return uploadFailure(IMPORT_MESSAGES.notCsv);
    const csvText = await file.text();
    const parsed = parseCsv(csvText);
    if (!parsed.ok) return uploadFailure(parsed.error);
    const mapping = guessMapping(parsed.csv);
    return mapStep({ userId: user.id, currency: user.currency, csvText, fileName: file.name, csv: parsed.csv, mapping });
  }

  if (intent === INTENT.preview || intent === INTENT.confirm) {
    const csvText = String(formData.get("csv") ?? "");
    const fileName = String(formData.get("fileName") ?? "");
    const parsed = parseCsv(csvText);
    if (!parsed.ok) return uploadFailure(parsed.error);
    const submission = parseWithZod(formData, { schema: mappingSchema(parsed.csv.headers) });
    if (submission.status !== "success") {
      return data(
        {
          step: "map" as const,
          csv: csvText,
          fileName,
          headers: parsed.csv.headers,
          rowCount: parsed.csv.rows.length,
          mapping: null,
          previewed: null,
          preview: null,
          notice: null,
          result: submission.reply(),
        },
        { status: 400 },
      );
    }
    const mapping = toMapping(submission.value);
    const input = { userId: user.id, currency: user.currency, csvText, fileName, csv: parsed.csv, mapping };
    if (intent === INTENT.preview) return mapStep(input);
    if (submission.value.previewed !== mappingKey(mapping)) return mapStep({ ...input, notice: IMPORT_MESSAGES.mappingChanged });
    const { imported, skipped } = await commitImport(user.id, mapRows(parsed.csv.rows, mapping));
    return redirectWithToast("/transactions?tab=new", { type: "success", message: IMPORT_MESSAGES.imported(imported, skipped) });
  }

  throw data("Unknown form submitted.", { status: 400 });
}

function UploadStep({ result }: { result?: SubmissionResult<string[]> | null }) {
  const isSubmitting = useIsSubmitting({ formAction: IMPORT_PATH, intent: INTENT.upload });
  const [form, fields] = useForm({
    id: "import-upload-form",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UploadSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <SectionCard title="1. Upload a CSV file">
      <p className="text-sm text-slate-600">
        Export your account&apos;s transactions from your bank&apos;s website as a CSV file and upload it here. You will match its
        columns and check a preview before anything is saved.
      </p>
      <Form method="post" action={IMPORT_PATH} encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={INTENT.upload} />
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label="CSV file"
          inputProps={{ ...getInputProps(fields.file, { type: "file" }), accept: ".csv,text/csv" }}
          errors={fields.file.errors}
          hint="Up to 5 MB and 20,000 rows, with a header row naming the columns."
        />
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

const SELECT_CLASS =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

function ColumnSelect({ label, field, headers, emptyLabel }: { label: string; field: FieldMetadata<string | undefined>; headers: string[]; emptyLabel: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select {...getSelectProps(field)} className={SELECT_CLASS}>
        <option value="">{emptyLabel}</option>
        {headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type MapStepData = Extract<NonNullable<ReturnType<typeof useActionData<typeof action>>>, { step: "map" }>;

const STATUS_LABELS = { new: "New", duplicate: "Duplicate — will be skipped" } as const;

function PreviewTable({ preview }: { preview: NonNullable<MapStepData["preview"]> }) {
  const { rows, counts, problems, moreProblems } = preview;
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="import-counts">
        {plural(counts.new, "new transaction")}, {plural(counts.duplicate, "duplicate")} (will be skipped),{" "}
        {plural(counts.invalid, "invalid row")} (not imported).
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Preview of the first {PREVIEW_ROWS} rows</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              {["Row", "Date", "Description", "Category", "Type", "Amount", "Status"].map((heading) => (
                <th key={heading} scope="col" className={`px-3 py-2 ${heading === "Amount" ? "text-right" : ""}`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) =>
              row.status === "invalid" ? (
                <tr key={row.line} className="bg-red-50">
                  <td className="px-3 py-2 text-slate-500">{row.line}</td>
                  <td colSpan={6} className="px-3 py-2 text-red-700">
                    {row.error}
                  </td>
                </tr>
              ) : (
                <tr key={row.line} className={row.status === "duplicate" ? "bg-amber-50 text-slate-500" : undefined}>
                  <td className="px-3 py-2 text-slate-500">{row.line}</td>
                  <td className="whitespace-nowrap px-3 py-2">{row.date}</td>
                  <td className="px-3 py-2">{row.description}</td>
                  <td className="px-3 py-2">{row.category || "Uncategorized"}</td>
                  <td className="px-3 py-2 capitalize">{row.type}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">{row.amount}</td>
                  <td className={`whitespace-nowrap px-3 py-2 ${row.status === "duplicate" ? "font-medium text-amber-800" : "text-brand-700"}`}>
                    {STATUS_LABELS[row.status]}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {problems.length > 0 ? (
        <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
          <h3 className="text-sm font-semibold text-red-800">Rows that will not be imported</h3>
          <ErrorList errors={moreProblems > 0 ? [...problems, `…and ${plural(moreProblems, "more row")}`] : problems} />
        </div>
      ) : null}
    </>
  );
}

function MapStep({ step }: { step: MapStepData }) {
  const submit = useSubmit();
  const isPreviewing = useIsSubmitting({ formAction: IMPORT_PATH, intent: INTENT.preview });
  const isImporting = useIsSubmitting({ formAction: IMPORT_PATH, intent: INTENT.confirm });
  const [form, fields] = useForm({
    id: "import-mapping-form",
    lastResult: step.result,
    defaultValue: step.mapping ? toFormValues(step.mapping) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mappingSchema(step.headers) }),
    shouldRevalidate: "onInput",
  });
  const newCount = step.preview?.counts.new ?? 0;

  return (
    <Form
      method="post"
      action={IMPORT_PATH}
      encType="multipart/form-data"
      className="space-y-6"
      {...getFormProps(form)}
      onChange={(event) => {
        // With JavaScript the preview follows every change of the selects.
        const formData = new FormData(event.currentTarget);
        formData.set("intent", INTENT.preview);
        submit(formData, { method: "post", action: IMPORT_PATH, encType: "multipart/form-data" });
      }}
    >
      <textarea hidden readOnly name="csv" value={step.csv} />
      <input type="hidden" name="fileName" value={step.fileName} />
      {step.previewed ? <input type="hidden" name="previewed" value={step.previewed} /> : null}

      <SectionCard title="2. Match the columns">
        <p className="text-sm text-slate-600">
          {plural(step.rowCount, "row")} read from <span className="font-medium text-slate-900">{step.fileName || "your file"}</span>. Tell us which
          column holds what.
        </p>
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ColumnSelect label="Date column" field={fields.dateColumn} headers={step.headers} emptyLabel="Choose a column" />
          <div className="space-y-1">
            <label htmlFor={fields.dateFormat.id} className="block text-sm font-medium text-slate-700">
              Date format
            </label>
            <select {...getSelectProps(fields.dateFormat)} className={SELECT_CLASS}>
              {DATE_FORMATS.map((dateFormat) => (
                <option key={dateFormat} value={dateFormat}>
                  {dateFormat}
                </option>
              ))}
            </select>
          </div>
          <ColumnSelect label="Description column" field={fields.descriptionColumn} headers={step.headers} emptyLabel="Choose a column" />
          <ColumnSelect label="Amount column" field={fields.amountColumn} headers={step.headers} emptyLabel="None (use debit and credit)" />
          <ColumnSelect label="Debit column" field={fields.debitColumn} headers={step.headers} emptyLabel="None" />
          <ColumnSelect label="Credit column" field={fields.creditColumn} headers={step.headers} emptyLabel="None" />
          <ColumnSelect label="Type column (optional)" field={fields.typeColumn} headers={step.headers} emptyLabel="None" />
          <ColumnSelect label="Category column (optional)" field={fields.categoryColumn} headers={step.headers} emptyLabel="None" />
        </div>
        <div className="flex items-start gap-2">
          <input {...getInputProps(fields.flipSign, { type: "checkbox" })} className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600" />
          <label htmlFor={fields.flipSign.id} className="text-sm text-slate-700">
            Flip sign
            <span className="block text-xs text-slate-500">For banks that write expenses as positive amounts in a single amount column.</span>
          </label>
        </div>
        <button
          type="submit"
          name="intent"
          value={INTENT.preview}
          disabled={isPreviewing}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-70"
        >
          Update preview
        </button>
      </SectionCard>

      {step.preview ? (
        <SectionCard title="3. Review and import">
          {step.notice ? (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {step.notice}
            </p>
          ) : null}
          <PreviewTable preview={step.preview} />
          {newCount === 0 ? (
            <p className="text-sm text-slate-700">
              {step.preview.counts.duplicate > 0 ? IMPORT_MESSAGES.allDuplicates : IMPORT_MESSAGES.nothingReadable}
            </p>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SubmitButton
              name="intent"
              value={INTENT.confirm}
              pending={isImporting}
              pendingLabel="Importing..."
              disabled={newCount === 0 || isPreviewing}
              className="sm:w-auto"
            >
              {IMPORT_MESSAGES.importButton(newCount)}
            </SubmitButton>
            <Link to={IMPORT_PATH} reloadDocument className="text-center text-sm font-semibold text-brand-700 hover:underline">
              Start over
            </Link>
          </div>
        </SectionCard>
      ) : null}
    </Form>
  );
}

export default function ImportTransactionsPage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {actionData?.step === "map" ? <MapStep step={actionData} /> : <UploadStep result={actionData?.result} />}
      <p className="text-sm">
        <Link to="/transactions" className="font-semibold text-brand-700 hover:underline">
          Back to transactions
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Import Transactions | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
