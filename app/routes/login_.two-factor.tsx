import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrorBox, SubmitButton } from "~/components/ui/forms";
import { requireAnonymous, startSession, TWO_FACTOR_PATH } from "~/features/auth/auth.server";
import { parseTwoFactorSignInForm } from "~/features/auth/auth-form.server";
import { useAuthForm } from "~/features/auth/components/use-auth-form";
import { clearPendingSignIn, readPendingSignIn } from "~/features/auth/session.server";
import { TWO_FACTOR_MESSAGES } from "~/features/auth/two-factor";
import { checkSignInCode } from "~/features/auth/two-factor.server";
import { readForm } from "~/utils/form-body.server";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

/** Without a sign-in waiting for its second factor (none, or older than five minutes) the password comes first. */
async function pendingOrLogin(request: Request) {
  const pending = await readPendingSignIn(request);
  if (pending) return pending;
  throw await redirectWithToast("/login", { type: "warning", message: TWO_FACTOR_MESSAGES.signInExpired });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  await pendingOrLogin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAnonymous(request);
  const { userId, redirectTo } = await pendingOrLogin(request);
  const submission = parseTwoFactorSignInForm(await readForm(request));
  // A typed code is never sent back: a refused one is of no use in the field.
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => submission.reply({ hideFields: ["code"], ...options });
  if (submission.status !== "success") return data({ result: reply() }, { status: 400 });
  const check = await checkSignInCode(userId, submission.value.code);
  if (check === "rate-limited") return data({ result: reply({ formErrors: [TWO_FACTOR_MESSAGES.tooManyAttempts] }) }, { status: 429 });
  if (check === "wrong") return data({ result: reply({ fieldErrors: { code: [TWO_FACTOR_MESSAGES.wrongCode] } }) }, { status: 400 });
  return startSession(userId, request, redirectTo, new Headers({ "Set-Cookie": await clearPendingSignIn() }));
}

export default function TwoFactorSignInPage() {
  const { form, fields, formProps, isSubmitting } = useAuthForm("two-factor-form", TWO_FACTOR_PATH, (schemas) => schemas.TwoFactorSignInSchema);
  return (
    <AuthLayout
      title="Two-factor sign-in"
      subtitle="Enter the 6-digit code your authenticator app shows for Ledgerly. Lost your phone? Enter one of your recovery codes instead."
    >
      <Form method="post" action={TWO_FACTOR_PATH} className="space-y-4" {...formProps}>
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label="Code"
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            inputMode: "text",
            autoComplete: "one-time-code",
            autoFocus: true,
            required: true,
            maxLength: 20,
          }}
          errors={fields.code.errors}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Checking...">
          Verify and sign in
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm text-slate-600">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

