import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData } from "@remix-run/react";
import { EmailField } from "~/features/auth/components/auth-fields";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrorBox, HoneypotField, SubmitButton } from "~/components/ui/forms";
import { requireAnonymous } from "~/features/auth/auth.server";
import { parseForgotPasswordForm } from "~/features/auth/auth-form.server";
import { appOrigin } from "~/utils/env.server";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { clientAddress, requireSameOrigin } from "~/utils/security.server";
import { normaliseEmail } from "~/features/auth/user.server";
import { catchFailure } from "~/utils/action-failure.server";
import { isHoneypotFilled, readForm } from "~/utils/form-body.server";
import { useAuthForm } from "~/features/auth/components/use-auth-form";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAnonymous(request);
  const formData = await readForm(request);
  const submission = parseForgotPasswordForm(formData);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  }
  const email = normaliseEmail(submission.value.email);
  const sentTo = { result: submission.reply({ resetForm: true }), sentTo: email };
  if (isHoneypotFilled(formData)) return sentTo;
  if (!(await reserveAttempts(["passwordResetPerAddress", clientAddress(context)], ["passwordResetPerAccount", email]))) {
    return data({ result: submission.reply({ formErrors: ["Too many requests. Please try again later."] }), sentTo: null }, { status: 429 });
  }
  const requested = await catchFailure("password reset email", () => requestPasswordReset(email, appOrigin(request)));
  if (!requested.ok) {
    const reason = requested.error instanceof Error ? requested.error.message : "unknown error";
    return data(
      { result: submission.reply({ formErrors: [`Failed to send password reset email: ${reason}`] }), sentTo: null },
      { status: 503 },
    );
  }
  return sentTo;
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps, isSubmitting } = useAuthForm("forgot-password-form", "/forgot-password", (schemas) => schemas.ForgotPasswordSchema);
  return (
    <AuthLayout title="Reset your password" subtitle="Enter the email address of your account and we will email you a reset link.">
      {actionData?.sentTo ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Password reset email sent to {actionData.sentTo}. Please check your inbox and spam folder.
        </p>
      ) : null}
      <Form method="post" action="/forgot-password" className="space-y-4" {...formProps}>
        <HoneypotField />
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <EmailField field={fields.email} />
        <SubmitButton pending={isSubmitting} pendingLabel="Sending...">
          Send Reset Email
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgot Password | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
