import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FormErrorBox, HoneypotField, SubmitButton, useIsSubmitting, type ListOfErrors } from "~/components/ui/forms";
import { PageIntro, PRIMARY_LINK_CLASS } from "~/components/marketing";
import { COMPANY, SUPPORT_EMAIL } from "~/components/site-footer";
import { getUserId } from "~/features/auth/auth.server";
import { CONTACT_MESSAGES, CONTACT_SUBJECTS } from "~/features/contact/contact";
import { parseContactForm } from "~/features/contact/contact-form.server";
import { createContactSubmission } from "~/features/contact/contact.server";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { clientAddress, requireSameOrigin } from "~/utils/security.server";
import { catchFailure } from "~/utils/action-failure.server";
import { isHoneypotFilled, readForm } from "~/utils/form-body.server";
import { useLazyForm } from "~/components/ui/use-lazy-form";

const loadContactSchemas = () => import("~/features/contact/schema");

const SENT_PATH = "/contact?sent=1";

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readForm(request);
  const submission = parseContactForm(formData);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  if (isHoneypotFilled(formData)) return redirect(SENT_PATH);
  if (!(await reserveAttempts(["contactPerAddress", clientAddress(context)]))) {
    return data({ result: submission.reply({ formErrors: [CONTACT_MESSAGES.tooMany] }) }, { status: 429 });
  }
  const created = await catchFailure("contact submission", async () => createContactSubmission({ ...submission.value, userId: await getUserId(request) }));
  if (!created.ok) return data({ result: submission.reply({ formErrors: [CONTACT_MESSAGES.failed] }) }, { status: 503 });
  return redirect(SENT_PATH);
}

const CONTACT_DETAILS = [
  { label: "Company", value: COMPANY.name },
  { label: "Address", value: COMPANY.address },
  { label: "Email", value: <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand-700 hover:underline">{SUPPORT_EMAIL}</a> },
  { label: "Phone", value: <a href={`tel:${COMPANY.phone.replace(/[^+\d]/g, "")}`} className="text-brand-700 hover:underline">{COMPANY.phone}</a> },
  { label: "Support hours", value: "Monday to Friday, 9:00 AM to 6:00 PM Pacific Time" },
];

export default function ContactPage() {
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  return (
    <>
      <PageIntro eyebrow="Contact" title="Get in touch">
        <p>Questions about your account, billing or a feature? Send us a message and our team will get back to you.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:py-16">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          {sent ? <ThankYou /> : <ContactForm />}
        </section>
        <aside className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">Contact information</h2>
          <dl className="mt-6 space-y-5">
            {CONTACT_DETAILS.map((detail) => (
              <div key={detail.label}>
                <dt className="text-sm font-medium text-slate-500">{detail.label}</dt>
                <dd className="mt-1 text-slate-900">{detail.value}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </>
  );
}

function ThankYou() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
      <h2 className="text-2xl font-bold text-slate-900">Thank you for your message!</h2>
      <p className="max-w-md text-slate-600">
        We have received your message and will get back to you as soon as possible, usually within two business days.
      </p>
      <Link to="/contact" className={PRIMARY_LINK_CLASS}>
        Send Another Message
      </Link>
    </div>
  );
}

/** Its own component so 'Send Another Message' always mounts a fresh, empty form. */
function ContactForm() {
  const actionData = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting({ formAction: "/contact" });
  const { form, fields, formProps } = useLazyForm({
    id: "contact-form",
    lastResult: actionData?.result,
    loadSchemas: loadContactSchemas,
    schemaOf: (schemas) => schemas.ContactSchema,
  });
  return (
    <>
      <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
      <Form method="post" action="/contact" className="mt-6 space-y-5" {...formProps}>
        <HoneypotField />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            errors={fields.name.errors}
          />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
        </div>
        <LabelledControl label="Subject" id={fields.subject.id} errorId={fields.subject.errorId} errors={fields.subject.errors}>
          <select {...getSelectProps(fields.subject)} className={CONTROL_CLASS}>
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
        </LabelledControl>
        <LabelledControl label="Message" id={fields.message.id} errorId={fields.message.errorId} errors={fields.message.errors}>
          <textarea {...getTextareaProps(fields.message)} rows={6} className={CONTROL_CLASS} />
        </LabelledControl>
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isSubmitting} pendingLabel="Sending..." className="sm:w-auto">
          Send Message
        </SubmitButton>
      </Form>
    </>
  );
}

const CONTROL_CLASS =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

/** Label and errors around a select or textarea, matching `Field` for inputs (conform sets the aria attributes). */
function LabelledControl({
  label,
  id,
  errorId,
  errors,
  children,
}: {
  label: string;
  id: string;
  errorId: string;
  errors?: ListOfErrors;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Contact Us | Ledgerly" },
  { name: "description", content: `Send ${COMPANY.name} a message, or reach us by email, phone or post.` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
