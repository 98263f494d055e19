import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";
import { SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { unsubscribe, unsubscribeTarget } from "~/features/recurring/reminders.server";
import { RECURRING_MESSAGES } from "~/features/recurring/recurring";
import { RECURRING_PATH } from "~/features/recurring/paths";
import { notFound } from "~/utils/not-found";
import { requireSameOrigin } from "~/utils/security.server";

/*
 * The link at the foot of a bill's reminder email: it works without signing in (the signed token names the bill
 * and its owner). Opening it changes nothing, since mail scanners open links; the button's POST stops the reminders.
 */

export async function loader({ params }: LoaderFunctionArgs) {
  const target = await unsubscribeTarget(params.token ?? "");
  if (!target) throw notFound();
  return target;
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  if (!(await unsubscribe(params.token ?? ""))) throw notFound();
  return data({ done: true });
}

export default function UnsubscribePage() {
  const bill = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting();
  if (actionData?.done || !bill.remind) {
    return (
      <AuthLayout title={RECURRING_MESSAGES.remindersOff}>
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
          {RECURRING_MESSAGES.unsubscribed}
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to={RECURRING_PATH} className="font-semibold text-brand-700 underline hover:text-brand-800">
            Go to your recurring bills
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={`Stop reminders for ${bill.name}?`} subtitle="You will get no more emails before this bill is due. You can turn them on again on the recurring bills page.">
      <Form method="post">
        <SubmitButton pending={isSubmitting} pendingLabel="Stopping reminders...">
          Stop reminders
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Stop reminders | Ledgerly" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return (
    <PublicLayout>
      <GeneralErrorBoundary />
    </PublicLayout>
  );
}
