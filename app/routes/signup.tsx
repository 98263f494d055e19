import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { AuthForm, EmailField, NewPasswordFields } from "~/features/auth/components/auth-fields";
import { AuthLayout, AuthSwitch, GoogleAlternative } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HoneypotField, SubmitButton } from "~/components/ui/forms";
import { requireAnonymous, signIn } from "~/features/auth/auth.server";
import { isGoogleSignInConfigured } from "~/utils/env.server";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { safeRedirect } from "~/utils/redirect";
import { clientAddress, requireSameOrigin } from "~/utils/security.server";
import { parseSignUpForm } from "~/features/auth/auth-form.server";
import { SIGN_UP_MESSAGES } from "~/features/auth/messages";
import { createEmailUser, emailIsTaken } from "~/features/auth/user.server";
import { catchFailure } from "~/utils/action-failure.server";
import { isHoneypotFilled, readForm } from "~/utils/form-body.server";
import { useAuthForm } from "~/features/auth/components/use-auth-form";

const PASSWORD_FIELDS = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { googleEnabled: isGoogleSignInConfigured() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAnonymous(request);
  const formData = await readForm(request);
  const submission = parseSignUpForm(formData);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
  }
  const fail = (reason: string, status = 400) =>
    data(
      { result: submission.reply({ formErrors: [`${SIGN_UP_MESSAGES.failed} ${reason}`], hideFields: PASSWORD_FIELDS }) },
      { status },
    );
  if (isHoneypotFilled(formData)) return fail("Please try again.");
  if (!(await reserveAttempts(["signUpPerAddress", clientAddress(context)]))) {
    return fail("Too many requests. Please try again later.", 429);
  }
  const { email, password, redirect } = submission.value;
  const answered = await catchFailure("sign-up", async () => {
    if (await emailIsTaken(email!)) return fail("An account with this email address already exists.");
    const userId = await createEmailUser(email!, password!);
    return signIn(userId, request, safeRedirect(redirect));
  });
  return answered.ok ? answered.value : fail("Please try again.", 503);
}

const HIGHLIGHTS = [
  { title: "Personalized Dashboard", text: "See income, spending and what is left for the month at a glance." },
  { title: "Smart Budgeting", text: "Plan a monthly budget, split it across categories and carry it forward." },
  { title: "Progress Tracking", text: "Watch budgets, debts and savings goals move month by month." },
];

export default function SignUpPage() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const { form, fields, formProps, isSubmitting, redirectTo } = useAuthForm("signup-form", "/signup", (schemas) => schemas.SignUpSchema);

  return (
    <AuthLayout
      title="Create your account"
      subtitle={<AuthSwitch question="Already have an account?" to="/login" label="Sign in" redirectTo={redirectTo} />}
      highlights={HIGHLIGHTS}
    >
      <AuthForm action="/signup" form={form} formProps={formProps} redirectTo={redirectTo}>
        <HoneypotField />
        <EmailField field={fields.email} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: "Password", confirmation: "Confirm Password" }}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </AuthForm>
      <GoogleAlternative enabled={googleEnabled} label="Sign up with Google" redirectTo={redirectTo} />
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Create Account | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
