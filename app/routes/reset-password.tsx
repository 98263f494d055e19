import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NewPasswordFields } from "~/features/auth/components/auth-fields";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { parseResetPasswordForm } from "~/features/auth/auth-form.server";
import { checkResetCode, completePasswordReset } from "~/features/auth/password-reset.server";
import { isStrongPassword, passwordMessages } from "~/features/auth/password-rules";
import { requireSameOrigin } from "~/utils/security.server";
import { catchFailure } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { loadAuthSchemas } from "~/features/auth/load-schemas";

const LINK_MESSAGES = {
  wrongMode: "Invalid action. This link is not for password reset.",
  missingCode: "Invalid password reset link. Please request a new password reset.",
  invalidOrExpired: "Invalid or expired password reset link. Please request a new password reset.",
} as const;

const CONFIRM_MESSAGES = {
  expired: "This password reset link has expired. Please request a new one.",
  invalid: "Invalid password reset link. Please request a new one.",
  success: "Password has been reset successfully! You can now sign in with your new password.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("oobCode");
  const invalid = (message: string) => data({ status: "invalid" as const, message, email: null, code: null }, { status: 400 });
  if (url.searchParams.get("mode") !== "resetPassword") return invalid(LINK_MESSAGES.wrongMode);
  if (!code) return invalid(LINK_MESSAGES.missingCode);
  const check = await checkResetCode(code);
  if (check.status !== "valid") return invalid(LINK_MESSAGES.invalidOrExpired);
  return { status: "valid" as const, message: null, email: check.email, code };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const submission = parseResetPasswordForm(await readForm(request));
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply(hidden), done: false }, { status: 400 });
  }
  const { oobCode, password } = submission.value;
  const fail = (message: string, status = 400) =>
    data({ result: submission.reply({ ...hidden, formErrors: [message] }), done: false }, { status });
  if (!isStrongPassword(password!)) return fail(passwordMessages.tooWeak);
  const reset = await catchFailure("password reset", () => completePasswordReset(oobCode!, password!));
  if (!reset.ok) return fail(`Failed to reset password: ${reset.error instanceof Error ? reset.error.message : "unknown error"}`, 503);
  if (reset.value.status === "expired") return fail(CONFIRM_MESSAGES.expired);
  if (reset.value.status === "invalid") return fail(CONFIRM_MESSAGES.invalid);
  // Said outright: the code is spent now, so the loader that runs after this action answers the link's 400,
  // and without a status of its own the action's answer would take that one.
  return data({ result: submission.reply({ resetForm: true }), done: true }, { status: 200 });
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthLayout title="Invalid Link">
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/login" className="rounded-lg bg-brand-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-700">
          Go to Login
        </Link>
        <Link to="/forgot-password" className="text-center text-sm font-semibold text-brand-700 hover:underline">
          Request a new reset link
        </Link>
      </div>
    </AuthLayout>
  );
}

/** No timed redirect to the sign-in page (decision 230): the visitor goes on when ready. */
function ResetSucceeded() {
  return (
    <AuthLayout title="Password reset">
      <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
        {CONFIRM_MESSAGES.success}
      </p>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 underline hover:text-brand-800">
          Go to Login
        </Link>
      </p>
    </AuthLayout>
  );
}

export default function ResetPasswordPage() {
  const link = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting();
  const { form, fields, formProps } = useLazyForm({
    id: "reset-password-form",
    lastResult: actionData?.result,
    loadSchemas: loadAuthSchemas,
    schemaOf: (schemas) => schemas.ResetPasswordSchema,
  });
  if (actionData?.done) return <ResetSucceeded />;
  if (link.status === "invalid") return <InvalidLink message={link.message} />;
  return (
    <AuthLayout title="Choose a new password" subtitle={<>Resetting the password for <strong>{link.email}</strong></>}>
      <Form method="post" className="space-y-4" {...formProps}>
        <input type="hidden" name="oobCode" value={link.code} />
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: "New Password", confirmation: "Confirm New Password" }}
          autoFocus
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Verifying reset link...">
          Reset Password
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Reset Password | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
