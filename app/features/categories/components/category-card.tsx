import { Form, Link, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { Fragment, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import type { action } from "~/routes/resources.categories";
import {
  amountEditToSave,
  capitalizeWords,
  CATEGORY_ACTION,
  CATEGORY_INTENTS,
  CATEGORY_NAME_MAX_LENGTH,
  categoryFormKey,
  categoryProgress,
  type Category,
  type CategoryField,
} from "~/features/categories/categories";
import { CATEGORY_VIEW_LABELS, cardFigures, isPlannedView, type CardFigure, type CategoryRow, type CategoryView } from "../category-figures";
import { AMOUNT_PATTERN, centsToInput, formatMoney, stripToAmount, toCents, type Cents } from "~/lib/money";
import { monthLabel } from "~/lib/month";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { ErrorList } from "~/components/ui/forms";
import { errorIdOf, invalidFieldProps, type FormErrors } from "~/utils/form-errors";
import { useHydrated } from "~/utils/use-hydrated";
import { useFetcherSuccess } from "./use-fetcher-success";

type CategoryCardProps = {
  item: CategoryRow;
  /** The tab whose figure is the headline; without one, the type's default (Expected or Planned). */
  view?: CategoryView;
  /** ISO code the amounts are shown in. */
  currency: string;
  /** The month (yyyy-MM) whose budget the amount edit sets and whose details the card links to. */
  monthKey: string;
  /** The same-site page the category forms return to (usually the current page). */
  redirectTo: string;
  /** The up/down buttons show when either is true. */
  canMoveUp?: boolean;
  canMoveDown?: boolean;
  /** Off on the category's own page. */
  linkToDetails?: boolean;
  /** A form refused while JavaScript was off (the page's loader reads it); this card shows it when it is one of its own. */
  refused?: FormErrors | null;
};

/** `?confirmDelete=<id>` on the current page shows the delete confirmation without JavaScript. */
const CONFIRM_DELETE_PARAM = "confirmDelete";
/** How long the checkmark stays after a successful inline save. */
const SAVED_MARK_MS = 2000;

const INTERACTIVE = "a, button, input, select, textarea, label, form, details";

function categoryDetailPath(categoryId: string, monthKey: string) {
  return `/categories/${encodeURIComponent(categoryId)}?month=${monthKey}`;
}

function withSearchParam(path: string, name: string, value: string | null) {
  const url = new URL(path, "http://localhost");
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

const smallButton =
  "rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";
const inlineInput = "w-full rounded-md border border-brand-500 px-2 py-1 text-sm focus:outline-none focus:ring-2 focus:ring-brand-100";

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A refused inline edit: what was typed, and why it was refused. */
type InlineRefusal = { value: string; errors: string[] };

/**
 * Inline text edit: Enter or leaving the field commits, Escape cancels.
 * `commit` decides what is worth saving. A `refusal` opens the field again
 * with what was typed and the error beside it, focused; leaving it unchanged
 * drops the edit (`onDismiss`). After Enter or Escape focus goes back to the button.
 */
function InlineEdit({
  label,
  display,
  buttonLabel,
  initialValue,
  inputMode,
  maxLength,
  clean = (value) => value,
  commit,
  refusal,
  onDismiss,
}: {
  label: string;
  display: ReactNode;
  buttonLabel: string;
  initialValue: string;
  inputMode?: "decimal";
  maxLength?: number;
  clean?: (value: string) => string;
  commit: (value: string) => void;
  refusal: InlineRefusal | null;
  onDismiss: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? refusal?.value ?? null;
  const open = value !== null;
  const finished = useRef(false);
  const returnFocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  useEffect(() => {
    if (open) finished.current = false;
    else if (returnFocus.current) button.current?.focus();
    returnFocus.current = false;
  }, [open]);
  if (!open) {
    return (
      <button
        ref={button}
        type="button"
        aria-label={buttonLabel}
        onClick={() => setDraft(initialValue)}
        className="rounded-md text-left hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        {display}
      </button>
    );
  }
  const finish = (save: boolean, refocus: boolean) => {
    if (finished.current) return;
    finished.current = true;
    returnFocus.current = refocus;
    if (save && value !== refusal?.value) commit(value);
    if (refusal) onDismiss();
    setDraft(null);
  };
  return (
    <>
      <input
        id={inputId}
        aria-label={label}
        value={value}
        inputMode={inputMode}
        maxLength={maxLength}
        autoFocus
        onChange={(event) => setDraft(clean(event.target.value))}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            finish(true, true);
          } else if (event.key === "Escape") {
            event.preventDefault();
            finish(false, true);
          }
        }}
        onBlur={() => finish(true, false)}
        {...invalidFieldProps(inputId, refusal?.errors)}
        className={`${inlineInput} aria-[invalid]:border-red-500`}
      />
      {refusal ? (
        <span id={errorIdOf(inputId)} className="mt-1 block text-xs font-normal text-red-700">
          {refusal.errors.join(" ")}
        </span>
      ) : null}
    </>
  );
}

/** True for a short while after the fetcher's submission came back without errors. */
function useSavedMark(fetcher: ReturnType<typeof useFetcher<typeof action>>) {
  const [saved, setSaved] = useState(false);
  useFetcherSuccess(fetcher, () => {
    setSaved(true);
    const timer = setTimeout(() => setSaved(false), SAVED_MARK_MS);
    return () => clearTimeout(timer);
  });
  return saved;
}

/** "Left $X" / "Over by $X" (expense), "To go $X" / "Above expected by $X" (income). */
function remainingText(remaining: number, isIncome: boolean) {
  if (remaining >= 0) return isIncome ? "To go" : "Left";
  return isIncome ? "Above expected by" : "Over by";
}

/**
 * A category with its planned amount, actual amount, remaining amount and
 * progress: the `view` tab's figure is the headline, the others follow it. Name and
 * amount are edited inline with JavaScript and in an "Edit" disclosure
 * without; delete asks first; the arrows (and dragging, in `CategoryList`)
 * reorder; clicking the card elsewhere opens the category's details.
 */
export function CategoryCard({
  item,
  view,
  currency,
  monthKey,
  redirectTo,
  canMoveUp = false,
  canMoveDown = false,
  linkToDetails = true,
  refused = null,
}: CategoryCardProps) {
  const { category, planned, actual } = item;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const saved = useSavedMark(fetcher);
  const [confirming, setConfirming] = useState(false);
  // The fetcher's answer (JavaScript on) or the page's (off, or sent before the page was hydrated); an edit dropped after it was refused hides it.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [dismissed, setDismissed] = useState<FormErrors | null>(null);
  const refusal = answer ?? refused;
  const shownRefusal = refusal && refusal !== dismissed ? refusal : null;
  const inlineRefusal = (intent: "rename" | "amount", field: CategoryField): InlineRefusal | null => {
    const errors = shownRefusal?.form === categoryFormKey(intent, category.id) ? shownRefusal.fieldErrors[field] : undefined;
    return errors?.length ? { value: shownRefusal?.values[field] ?? "", errors } : null;
  };
  const dismissRefusal = () => setDismissed(shownRefusal);

  const pendingName = fetcher.formData?.get("intent") === CATEGORY_INTENTS.rename ? String(fetcher.formData.get("name")) : null;
  const displayName = capitalizeWords(pendingName ?? category.name);
  const isIncome = category.type === "income";
  const progress = categoryProgress(category.type, actual, planned);
  const { headline, others } = cardFigures(item, view ?? null);
  const detailPath = categoryDetailPath(category.id, monthKey);
  const returnTo = withSearchParam(redirectTo, CONFIRM_DELETE_PARAM, null);
  const here = `${location.pathname}${location.search}`;
  const confirmFromUrl = searchParams.get(CONFIRM_DELETE_PARAM) === category.id;
  const common = { categoryId: category.id, redirectTo: returnTo };

  const submitInline = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, ...common, js: "1" }, { method: "post", action: CATEGORY_ACTION, preventScrollReset: true });

  const openDetails = (event: MouseEvent<HTMLElement>) => {
    const control = (event.target as HTMLElement).closest(INTERACTIVE);
    // Only controls inside the card count: the card itself may sit in a <details> panel.
    if (!linkToDetails || (control && event.currentTarget.contains(control))) return;
    navigate(detailPath);
  };

  const plannedLabel = isIncome ? "Expected" : "Planned";
  const nameDisplay = <span className="font-semibold text-slate-900 wrap-anywhere">{displayName}</span>;

  /**
   * The planned amount is edited in place wherever the card shows it; the button's name starts with the amount
   * it shows (`shown`), so speech input finds it by what is on screen (WCAG 2.5.3).
   */
  const editablePlanned = (display: ReactNode, shown: string) =>
    hydrated ? (
      <InlineEdit
        label={`${plannedLabel} amount`}
        buttonLabel={`${shown}, edit ${plannedLabel.toLowerCase()} amount of ${displayName}`}
        display={display}
        initialValue={centsToInput(planned)}
        inputMode="decimal"
        clean={stripToAmount}
        commit={(value) => {
          const amount = amountEditToSave(value, planned);
          if (amount !== null) submitInline({ intent: CATEGORY_INTENTS.amount, amount, month: monthKey });
        }}
        refusal={inlineRefusal(CATEGORY_INTENTS.amount, "amount")}
        onDismiss={dismissRefusal}
      />
    ) : (
      display
    );

  const secondaryFigure = ({ view: figureView, amount }: CardFigure) => {
    if (figureView === "remaining") {
      return (
        <>
          {remainingText(amount, isIncome)} <span className="tabular-nums">{formatMoney(toCents(Math.abs(amount)), currency)}</span>
        </>
      );
    }
    const shown = formatMoney(amount, currency);
    const display = <span className="tabular-nums">{shown}</span>;
    return (
      <>
        {CATEGORY_VIEW_LABELS[figureView]} {isPlannedView(figureView) ? editablePlanned(display, shown) : display}
      </>
    );
  };
  const headlineShown = formatMoney(headline.amount, currency);
  const headlineDisplay = (
    <span data-testid="category-headline" className={`font-semibold tabular-nums ${headline.amount < 0 ? "text-red-600" : "text-slate-900"}`}>
      {headlineShown}
    </span>
  );

  // Clicking the card is a shortcut for the Details link, which keyboard users reach directly.
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a pointer shortcut; the Details link is the keyboard path */}
      <article
        aria-label={displayName}
        onClick={openDetails}
        className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${linkToDetails ? "cursor-pointer hover:border-brand-500" : ""}`}
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <div className="flex min-w-0 items-center gap-2">
              {hydrated && !category.isDebt ? (
                <InlineEdit
                  label="Category name"
                  buttonLabel={`Rename ${displayName}`}
                  display={nameDisplay}
                  initialValue={category.name}
                  maxLength={CATEGORY_NAME_MAX_LENGTH}
                  commit={(value) => {
                    const name = value.trim();
                    if (name && name !== category.name) submitInline({ intent: CATEGORY_INTENTS.rename, name });
                  }}
                  refusal={inlineRefusal(CATEGORY_INTENTS.rename, "name")}
                  onDismiss={dismissRefusal}
                />
              ) : (
                <h3>{nameDisplay}</h3>
              )}
              {saved ? (
                <span role="status" aria-label="Saved" className="text-emerald-600">
                  ✓
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {others.map((figure, index) => (
                <Fragment key={figure.view}>
                  {index > 0 ? " · " : null}
                  {secondaryFigure(figure)}
                </Fragment>
              ))}
            </p>
          </div>
          <div className="text-right">
            {isPlannedView(headline.view) ? editablePlanned(headlineDisplay, headlineShown) : headlineDisplay}
            <p className="text-xs text-slate-500">{CATEGORY_VIEW_LABELS[headline.view]}</p>
          </div>
        </div>

        <div className="mt-3 flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`${displayName} progress`}
            aria-valuenow={progress.width}
            aria-valuetext={progress.label === "Over" ? "Over: nothing planned" : progress.label}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
          >
            <div className={`h-full rounded-full ${progress.color}`} style={{ width: `${progress.width}%` }} />
          </div>
          <span className={`w-12 text-right text-xs font-medium tabular-nums ${progress.over ? "text-red-700" : "text-slate-600"}`}>{progress.label}</span>
        </div>

        {answer?.formErrors.length ? (
          <p role="alert" className="mt-2 text-xs text-red-700">
            {answer.formErrors.join(" ")}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-center gap-2">
          {canMoveUp || canMoveDown ? (
            <Form method="post" action={CATEGORY_ACTION} preventScrollReset className="flex gap-1">
              <HiddenFields fields={{ ...common, intent: CATEGORY_INTENTS.move }} />
              <button type="submit" name="direction" value="up" disabled={!canMoveUp} aria-label={`Move ${displayName} up`} className={smallButton}>
                ↑
              </button>
              <button
                type="submit"
                name="direction"
                value="down"
                disabled={!canMoveDown}
                aria-label={`Move ${displayName} down`}
                className={smallButton}
              >
                ↓
              </button>
            </Form>
          ) : null}
          {hydrated ? null : <NoScriptEdit category={category} planned={planned} monthKey={monthKey} fields={common} refused={refused} />}
          {category.isDebt ? null : hydrated ? (
            <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${displayName}`} className={smallButton}>
              Delete
            </button>
          ) : (
            <Link
              to={confirmHref(withSearchParam(here, CONFIRM_DELETE_PARAM, category.id))}
              preventScrollReset
              aria-label={`Delete ${displayName}`}
              className={smallButton}
            >
              Delete
            </Link>
          )}
          {linkToDetails ? (
            <Link to={detailPath} aria-label={`Details of ${displayName}`} className={`${smallButton} ml-auto`}>
              Details
            </Link>
          ) : null}
        </div>
      </article>

      {(confirming || confirmFromUrl) && !category.isDebt ? (
        <ConfirmDialog
          title="Delete Category"
          message={`Are you sure you want to delete ${displayName}? Its transactions are kept.`}
          action={CATEGORY_ACTION}
          fields={{ ...common, intent: CATEGORY_INTENTS.delete }}
          onSubmit={() => setConfirming(false)}
          {...(confirming ? { onCancel: () => setConfirming(false) } : { cancelTo: withSearchParam(here, CONFIRM_DELETE_PARAM, null) })}
        />
      ) : null}
    </>
  );
}

/** One field of the disclosure's forms, its error (a refusal of this very form) below it. */
function NoScriptField({
  label,
  refused,
  field,
  children,
}: {
  label: ReactNode;
  refused: FormErrors | null;
  field: CategoryField;
  children: (props: { id: string; defaultValue?: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const errors = refused?.fieldErrors[field];
  const typed = refused?.values[field];
  return (
    <div className="flex-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      {children({ id, ...(typed === undefined ? {} : { defaultValue: typed }), ...invalidFieldProps(id, errors) })}
      <ErrorList id={errorIdOf(id)} errors={errors} />
    </div>
  );
}

/**
 * Name and amount forms in a disclosure, for pages without JavaScript. A
 * refused one (`refused`, when it is one of these forms) comes back open,
 * with what was typed and the error under its field; the page lands on it (its id).
 */
function NoScriptEdit({
  category,
  planned,
  monthKey,
  fields,
  refused,
}: {
  category: Category;
  planned: Cents;
  monthKey: string;
  fields: Record<string, string>;
  refused: FormErrors | null;
}) {
  const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm aria-[invalid]:border-red-500";
  const renameKey = categoryFormKey(CATEGORY_INTENTS.rename, category.id);
  const amountKey = categoryFormKey(CATEGORY_INTENTS.amount, category.id);
  const refusedRename = refused?.form === renameKey ? refused : null;
  const refusedAmount = refused?.form === amountKey ? refused : null;
  return (
    <details open={Boolean(refusedRename || refusedAmount)} className="w-full text-sm">
      <summary className={`${smallButton} inline-block cursor-pointer`}>Edit</summary>
      <div className="mt-2 space-y-3 rounded-lg bg-slate-50 p-3">
        {category.isDebt ? null : (
          <Form id={renameKey} method="post" action={CATEGORY_ACTION} preventScrollReset className="flex items-start gap-2">
            <HiddenFields fields={{ ...fields, intent: CATEGORY_INTENTS.rename }} />
            <NoScriptField label="Name" refused={refusedRename} field="name">
              {(props) => <input name="name" defaultValue={category.name} required maxLength={CATEGORY_NAME_MAX_LENGTH} className={input} {...props} />}
            </NoScriptField>
            <button type="submit" className={`${smallButton} mt-5`}>
              Save name
            </button>
          </Form>
        )}
        <Form id={amountKey} method="post" action={CATEGORY_ACTION} preventScrollReset className="flex items-start gap-2">
          <HiddenFields fields={{ ...fields, intent: CATEGORY_INTENTS.amount, month: monthKey }} />
          <NoScriptField label={`${category.type === "income" ? "Expected" : "Budget"} for ${monthLabel(monthKey)}`} refused={refusedAmount} field="amount">
            {(props) => <input name="amount" defaultValue={centsToInput(planned)} required inputMode="decimal" pattern={AMOUNT_PATTERN} className={input} {...props} />}
          </NoScriptField>
          <button type="submit" className={`${smallButton} mt-5`}>
            Save amount
          </button>
        </Form>
      </div>
    </details>
  );
}
