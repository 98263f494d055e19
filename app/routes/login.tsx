import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { AuthForm, EmailField } from "~/features/auth/components/auth-fields";
import { AuthLayout, AuthSwitch, GoogleAlternative } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, SubmitButton } from "~/components/ui/forms";
import { requireAnonymous, signIn } from "~/features/auth/auth.server";
import { parseLoginForm } from "~/features/auth/auth-form.server";
import { LOGIN_MESSAGES } from "~/features/auth/messages";
import { isGoogleSignInConfigured } from "~/utils/env.server";
import { safeRedirect } from "~/utils/redirect";
import { clientAddress, requireSameOrigin } from "~/utils/security.server";
import { checkSignIn } from "~/features/auth/user.server";
import { catchFailure } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { useAuthForm } from "~/features/auth/components/use-auth-form";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { googleEnabled: isGoogleSignInConfigured() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAnonymous(request);
  const submission = parseLoginForm(await readForm(request));
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, password, redirect } = submission.value;
  const fail = (message: string, status = 400) =>
    data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status });

  const answered = await catchFailure("login", async () => {
    const check = await checkSignIn(email, password, clientAddress(context));
    if (!check.ok && check.reason === "rate-limited") return fail(LOGIN_MESSAGES.tooManyAttempts, 429);
    if (!check.ok) return fail(check.reason === "disabled" ? LOGIN_MESSAGES.disabled : LOGIN_MESSAGES.invalidCredentials);
    return signIn(check.userId, request, safeRedirect(redirect));
  });
  return answered.ok ? answered.value : fail(LOGIN_MESSAGES.unexpected, 503);
}

const SECURITY_HIGHLIGHTS = [
  { title: "Bank-level security", text: "Your account is protected by hashed passwords and sessions you can revoke from any device." },
  { title: "Data encryption", text: "Everything travels over encrypted connections, and bank access tokens are encrypted at rest." },
  { title: "Privacy focus", text: "Your financial data is yours alone: we never sell it or show it to advertisers." },
];

export default function LoginPage() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const { form, fields, formProps, isSubmitting, redirectTo } = useAuthForm("login-form", "/login", (schemas) => schemas.LoginSchema);

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={<AuthSwitch question="New to Ledgerly?" to="/signup" label="Sign up" redirectTo={redirectTo} />}
      highlights={SECURITY_HIGHLIGHTS}
    >
      <AuthForm action="/login" form={form} formProps={formProps} redirectTo={redirectTo}>
        <EmailField field={fields.email} />
        <Field
          label="Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Signing in...">
          Sign in
        </SubmitButton>
      </AuthForm>
      <GoogleAlternative enabled={googleEnabled} label="Sign in with Google" redirectTo={redirectTo} />
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
