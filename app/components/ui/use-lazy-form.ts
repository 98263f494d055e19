import { getFormProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import type * as core from "zod/v4/core";
import type { $ZodType } from "zod/v4/core";

type Loaded = { parse: typeof parseWithZod; schemas: unknown };

/** What has arrived, by loader: a form mounted again (a new `key`) validates at once. */
const loadedBy = new Map<() => Promise<unknown>, Loaded>();

/**
 * A form's validation in the browser, loaded when the visitor first focuses or types in the form:
 * conform's zod parser and the schemas weigh about 25 KB gzipped, which pages stay under their
 * 120 KB without (decision 166). `loadSchemas` is the dynamic `import()` of the feature's schema
 * module, defined once at module level; `schemaOf` picks the form's schema from it at each
 * validation, so it may use the latest props.
 *
 * Until the code has arrived `onValidate` is undefined and conform leaves a submit to the server,
 * whose messages come back beside the fields as `lastResult`; fields are checked again as the user
 * types only once it has arrived (before, each keystroke would post the form to the server).
 * Spread `triggers` on the form.
 */
function useLazyValidation<Schemas, Schema extends $ZodType>(loadSchemas: () => Promise<Schemas>, schemaOf: (schemas: Schemas) => Schema) {
  const [loaded, setLoaded] = useState(() => loadedBy.get(loadSchemas));
  const requested = useRef(false);
  const load = () => {
    if (loaded || requested.current) return;
    requested.current = true;
    Promise.all([import("@conform-to/zod/v4"), loadSchemas()]).then(
      ([{ parseWithZod }, schemas]) => {
        const arrived = { parse: parseWithZod, schemas };
        loadedBy.set(loadSchemas, arrived);
        setLoaded(arrived);
      },
      // Offline or a new deployment: the server validates, and the next focus tries again.
      () => {
        requested.current = false;
      },
    );
  };
  return {
    onValidate: loaded
      ? ({ formData }: { formData: FormData }) => loaded.parse(formData, { schema: schemaOf(loaded.schemas as Schemas) })
      : undefined,
    shouldRevalidate: loaded ? ("onInput" as const) : ("onSubmit" as const),
    triggers: { onFocus: load, onInput: load },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's fields
type FormShape = Record<string, any>;
/** A schema of a whole form: an object of fields. */
export type FormSchema = $ZodType<FormShape, FormShape>;

/**
 * A conform form whose schema is loaded on first use (useLazyForm): its state from
 * `lastResult` (the action's reply) or `defaultValue`, and `formProps` (conform's and the
 * loading triggers) to spread on the `<Form>`.
 */
export function useLazyForm<Schemas, Schema extends FormSchema>({
  id,
  lastResult,
  defaultValue,
  loadSchemas,
  schemaOf,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<core.input<Schema>>;
  loadSchemas: () => Promise<Schemas>;
  schemaOf: (schemas: Schemas) => Schema;
}) {
  const validation = useLazyValidation(loadSchemas, schemaOf);
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    onValidate: validation.onValidate,
    shouldRevalidate: validation.shouldRevalidate,
  });
  return { form, fields, formProps: { ...getFormProps(form), ...validation.triggers } };
}
