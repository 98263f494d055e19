import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { ACCOUNT_INTENTS, ACCOUNT_MESSAGES, DELETE_ACCOUNT_TITLE_ID } from "~/features/account/account";
import { parseDeleteAccountForm } from "~/features/account/account-form.server";
import { deleteAccount } from "~/features/account/account.server";
import { loadAccountSchemas } from "~/features/account/load-schemas";
import { requireUser } from "~/features/auth/auth.server";
import { clearSessionCookie } from "~/features/auth/session.server";
import { hasPassword } from "~/features/auth/user.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { createToastHeader } from "~/utils/flash.server";
import { unknownForm } from "~/utils/action-failure.server";

export const handle: PageHandle = { title: "Your data" };

const DATA_PATH = "/profile/data";
const EXPORT_PATH = "/resources/account-export";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, hasPassword: await hasPassword(user.id), premium: user.premiumAccess };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== ACCOUNT_INTENTS.deleteAccount) throw unknownForm();
  const submission = parseDeleteAccountForm(formData, await hasPassword(user.id));
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => submission.reply({ hideFields: ["password"], ...options });
  if (submission.status !== "success") return data({ result: reply() }, { status: 400 });
  const result = await deleteAccount(user.id, submission.value);
  if (!result.ok) {
    const errors = result.field === "form" ? { formErrors: [result.message] } : { fieldErrors: { [result.field]: [result.message] } };
    return data({ result: reply(errors) }, { status: result.field === "form" ? 503 : 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie());
  headers.append("Set-Cookie", await createToastHeader({ type: "success", message: ACCOUNT_MESSAGES.deleted }));
  return redirect("/", { headers });
}

export default function YourDataPage() {
  const { email, hasPassword: passwordSet, premium } = useLoaderData<typeof loader>();
  const isDeleting = useIsSubmitting({ formAction: DATA_PATH });
  const { form, fields, formProps } = useLazyForm({
    id: "delete-account-form",
    lastResult: useActionData<typeof action>()?.result,
    loadSchemas: loadAccountSchemas,
    schemaOf: (schemas) => schemas.deleteAccountSchema(passwordSet),
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <SectionCard
        title="Download all my data"
        description="One zip file: every record Ledgerly keeps of you as JSON (your profile, categories, transactions, budgets, imports, contact messages) and your transactions as CSV. Passwords and two-factor secrets are left out."
      >
        <a href={EXPORT_PATH} className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700" download>
          Download my data
        </a>
      </SectionCard>

      <SectionCard
        title="Delete my account"
        targetId={DELETE_ACCOUNT_TITLE_ID}
        description={`This deletes your account (${email}) and everything in it, at once and for good: transactions, budgets, categories, imports, sessions.${premium ? " Your Premium subscription is cancelled first, so you are not charged again." : ""} Download your data first if you want a copy.`}
      >
        <Form method="post" action={DATA_PATH} className="space-y-4" {...formProps}>
          <input type="hidden" name="intent" value={ACCOUNT_INTENTS.deleteAccount} />
          <FormErrorBox id={form.errorId} errors={form.errors} />
          {passwordSet ? (
            <Field
              label="Your password"
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }}
              errors={fields.password.errors}
            />
          ) : (
            <Field
              label="Your email address"
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", required: true }}
              errors={fields.email.errors}
              hint="You sign in with Google: type your email address to confirm."
            />
          )}
          <SubmitButton pending={isDeleting} pendingLabel="Deleting..." className="bg-red-600! hover:bg-red-700! sm:w-auto">
            Delete my account and all my data
          </SubmitButton>
        </Form>
      </SectionCard>
      <p className="text-sm">
        <Link to="/profile" className="font-semibold text-brand-700 hover:underline">
          Back to profile
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Your data | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
