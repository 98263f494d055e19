import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useDialogFocus } from "./use-dialog-focus";

/** The dialog's id: a link that opens it through the address ends in `#confirm-dialog`, so without JavaScript the browser focuses it. */
export const CONFIRM_DIALOG_ID = "confirm-dialog";

/** `path` (the page with the query that opens a confirmation) aimed at the dialog. */
export function confirmHref(path: string) {
  return `${path}#${CONFIRM_DIALOG_ID}`;
}

type Cancel = { cancelTo: string; onCancel?: never } | { onCancel: () => void; cancelTo?: never };

/**
 * The generic delete confirmation: a title, a message and a confirm button
 * (default label "Delete") that posts `fields` to `action`. Cancel is a link
 * (pages reached through a query parameter, which works without JavaScript)
 * or a callback (dialogs opened by a script). Focus starts on Cancel and
 * goes back to where it was when the dialog closes.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  action,
  fields,
  onSubmit,
  ...cancel
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  action: string;
  fields: Record<string, string>;
  onSubmit?: () => void;
} & Cancel) {
  // Cancel is a link or a button: one ref fits either.
  const cancelRef = useDialogFocus<HTMLAnchorElement & HTMLButtonElement>();
  const titleId = useId();
  const messageId = useId();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const close = () => (cancel.onCancel ? cancel.onCancel() : navigate(cancel.cancelTo, { replace: true, preventScrollReset: true }));
  const cancelClass = "rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog (WAI-ARIA dialog pattern) */}
      <div
        id={CONFIRM_DIALOG_ID}
        tabIndex={-1}
        role="alertdialog"
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={messageId} className="mt-2 text-sm text-slate-600">
          {message}
        </p>
        <Form method="post" action={action} preventScrollReset onSubmit={onSubmit} className="mt-6 flex justify-end gap-3">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {cancel.cancelTo !== undefined ? (
            <Link ref={cancelRef} to={cancel.cancelTo} replace preventScrollReset className={cancelClass}>
              {cancelLabel}
            </Link>
          ) : (
            <button ref={cancelRef} type="button" onClick={cancel.onCancel} className={cancelClass}>
              {cancelLabel}
            </button>
          )}
          <button
            type="submit"
            disabled={submitting}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-70"
          >
            {confirmLabel}
          </button>
        </Form>
      </div>
    </div>
  );
}
