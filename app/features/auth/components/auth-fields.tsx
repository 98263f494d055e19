import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { Field, FormErrorBox } from "~/components/ui/forms";
import { PASSWORD_RULE_HINT } from "../password-rules";

/** The email field of the sign-in pages: the first thing to type in, so it takes the focus. */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field
      label="Email"
      inputProps={{ ...getInputProps(field, { type: "email" }), autoComplete: "email", autoFocus: true }}
      errors={field.errors}
    />
  );
}

/** A new password and its confirmation, with the password rule under the first (sign-up, reset, profile). */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
  autoFocus = false,
}: {
  password: FieldMetadata<string>;
  confirmation: FieldMetadata<string>;
  labels: { password: string; confirmation: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field
        label={labels.password}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password", autoFocus }}
        errors={password.errors}
        hint={PASSWORD_RULE_HINT}
      />
      <Field
        label={labels.confirmation}
        inputProps={{ ...getInputProps(confirmation, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmation.errors}
      />
    </>
  );
}

/** A sign-in page's form: posted to `action` with the page's `?redirect` carried on, its own errors above its fields. */
export function AuthForm({
  action,
  form,
  formProps,
  redirectTo,
  children,
}: {
  action: string;
  form: Pick<FormMetadata, "errorId" | "errors">;
  formProps: ComponentProps<typeof Form>;
  redirectTo: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="space-y-4" {...formProps}>
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}
