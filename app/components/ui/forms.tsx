import { Link, useNavigation } from "@remix-run/react";
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from "react";
import { errorIdOf } from "~/utils/form-errors";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = errors?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <ul id={id} className="space-y-1">
      {messages.map((message) => (
        <li key={message} className="text-sm text-red-700">
          {message}
        </li>
      ))}
    </ul>
  );
}

/** A form-level error box (role=alert so screen readers announce it). */
export function FormErrorBox({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = errors?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
      <ErrorList errors={messages} />
    </div>
  );
}

/** The look of a text input, select or textarea placed under its label. */
export const INPUT_CLASS =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

/**
 * A label over any control (`children`, whose id is `id`), an optional hint
 * (`${id}-hint`) and its errors (errorIdOf(id)) for the control's aria-describedby.
 */
export function LabelledField({ id, label, errors, hint, children }: { id: string; label: string; errors?: ListOfErrors; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorIdOf(id)} errors={errors} />
    </div>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? errorIdOf(id) : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...inputProps}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400"
      />
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Whether this page's form is being submitted (optionally only the one with `intent`). */
export function useIsSubmitting({ formAction, intent }: { formAction?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (formAction && navigation.formAction !== formAction) return false;
  if (intent && navigation.formData?.get("intent") !== intent) return false;
  return true;
}

/** A submit button that shows `pendingLabel` and blocks a second submission while its form is in flight. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingLabel: string }) {
  return (
    <button
      type="submit"
      {...props}
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      className={`inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
    >
      <PendingContent pending={pending} pendingLabel={pendingLabel}>
        {children}
      </PendingContent>
    </button>
  );
}

/** A button's content: `pendingLabel` behind a spinner while its form is in flight, else `children`. */
export function PendingContent({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return pending ? (
    <>
      <Spinner />
      {pendingLabel}
    </>
  ) : (
    children
  );
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A hidden field bots fill in and people never see (see isHoneypotFilled in utils/form-body.server). */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * A form's Cancel link (to the page without the form; none when `cancelTo`
 * is null) and its submit button, which shows a spinner and blocks a second
 * submission while the form is in flight.
 */
export function FormActions({ cancelTo, pending, submitLabel }: { cancelTo: string | null; pending: boolean; submitLabel: string }) {
  return (
    <div className="flex justify-end gap-3">
      {cancelTo ? (
        <Link to={cancelTo} preventScrollReset className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
          Cancel
        </Link>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? <Spinner /> : null}
        {submitLabel}
      </button>
    </div>
  );
}
