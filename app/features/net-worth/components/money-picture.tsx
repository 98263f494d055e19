import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { Form, Link, useLocation } from "@remix-run/react";
import { useId, useRef, type ReactNode } from "react";
import { ErrorList, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { AMOUNT_PATTERN, centsToInput, formatMoney, type Cents } from "~/lib/money";
import { monthLabel } from "~/lib/month";
import { ACCOUNT_KIND_LABELS, ACCOUNTS_PATH, shownBalance } from "~/features/accounts/accounts";
import { ASSET_MESSAGES, ASSET_NAME_MAX_LENGTH, isDefaultAssetKey, removeAssetIntent, toDraft, type DraftAsset } from "../assets";
import type { AssetLine, AssetSource, BalanceSheet } from "../balance-sheet";
import { loadNetWorthSchemas } from "../load-schemas";
import {
  debtToIncomeBand,
  DTI_GUIDELINES,
  EDIT_ASSETS_PATH,
  formatRatio,
  MONEY_PICTURE_PATH,
  NET_WORTH_INTENTS,
  NO_INCOME_TEXT,
  SNAPSHOTS_EMPTY_TEXT,
  type AssetFormReply,
  type DebtToIncomeBand,
  type FinancialMetrics,
  type IncomeFormReply,
  type NetWorthSnapshotItem,
  type SourceFormReply,
} from "../net-worth";

type Loaded = {
  loadFailed: false;
  currency: string;
  editing: boolean;
  sheet: BalanceSheet;
  monthlyIncome: Cents;
  metrics: FinancialMetrics;
  snapshots: NetWorthSnapshotItem[];
};

type MoneyPictureProps = (Loaded | { loadFailed: true; currency: string; editing: boolean }) & {
  reply?: AssetFormReply | IncomeFormReply | SourceFormReply;
};

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

function Card({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid={testId}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Money({ cents, currency, testId, tone = "text-slate-900" }: { cents: Cents; currency: string; testId?: string; tone?: string }) {
  return (
    <span data-testid={testId} className={tone}>
      {formatMoney(cents, currency)}
    </span>
  );
}

/** Total Assets, Total Debts and Net Worth (red below zero). */
function NetWorthCard({ metrics, currency }: { metrics: FinancialMetrics; currency: string }) {
  return (
    <Card title="Net Worth">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-500">Total Assets</dt>
          <dd className="mt-1 text-2xl font-bold">
            <Money cents={metrics.totalAssets} currency={currency} testId="total-assets" tone="text-emerald-700" />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Total Debts</dt>
          <dd className="mt-1 text-2xl font-bold">
            <Money cents={metrics.totalDebts} currency={currency} testId="total-debts" />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Net Worth</dt>
          <dd className="mt-1 text-2xl font-bold">
            <Money cents={metrics.netWorth} currency={currency} testId="net-worth" tone={metrics.netWorth < 0 ? "text-red-600" : "text-slate-900"} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** A button that makes a covered asset count the accounts' balances or the amount typed. */
function SourceButton({ assetKey, source, children }: { assetKey: string; source: AssetSource; children: ReactNode }) {
  return (
    <Form method="post" action={MONEY_PICTURE_PATH} preventScrollReset className="inline">
      <input type="hidden" name="key" value={assetKey} />
      <input type="hidden" name="source" value={source} />
      <button type="submit" name="intent" value={NET_WORTH_INTENTS.chooseAssetSource} className={`mt-2 mr-2 text-sm ${SECONDARY_BUTTON_CLASS}`}>
        {children}
      </button>
    </Form>
  );
}

/** Under a typed asset that accounts stand for: which figure counts, and the button to count the other. */
function SourceNote({ line, currency }: { line: AssetLine; currency: string }) {
  const covering = line.covering;
  if (!covering) return null;
  const accounts = covering.names.join(", ");
  if (line.source === "ask") {
    return (
      <dd className="w-full rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid={`asset-question-${line.key}`}>
        Your accounts ({accounts}) hold {formatMoney(covering.total, currency)}, and {formatMoney(line.typed, currency)} is typed here. Which should count as {line.name}? Until
        you choose, the typed amount counts.
        <div>
          <SourceButton assetKey={line.key} source="accounts">
            Count my accounts
          </SourceButton>
          <SourceButton assetKey={line.key} source="typed">
            Count the typed {formatMoney(line.typed, currency)}
          </SourceButton>
        </div>
      </dd>
    );
  }
  if (line.source === "accounts") {
    return (
      <dd className="w-full text-sm text-slate-500">
        From your accounts: {accounts}.
        {line.typed > 0 ? (
          <>
            {" "}
            The {formatMoney(line.typed, currency)} typed here is not counted.{" "}
            <SourceButton assetKey={line.key} source="typed">
              Count the typed amount instead
            </SourceButton>
          </>
        ) : null}
      </dd>
    );
  }
  return (
    <dd className="w-full text-sm text-slate-500">
      Typed by hand: your accounts ({accounts}, {formatMoney(covering.total, currency)}) are not counted here.{" "}
      <SourceButton assetKey={line.key} source="accounts">
        Count my accounts instead
      </SourceButton>
    </dd>
  );
}

function AssetsView({ sheet, currency, total }: { sheet: BalanceSheet; currency: string; total: Cents }) {
  return (
    <dl className="divide-y divide-slate-100">
      {sheet.assetLines.map((line) => (
        <div key={line.key} className="flex flex-wrap items-center justify-between gap-x-4 py-2" data-testid="asset-row">
          <dt className="text-slate-700">{line.name}</dt>
          <dd className="font-medium">
            <Money cents={line.source === "accounts" && line.covering ? line.covering.total : line.typed} currency={currency} testId={`asset-amount-${line.key}`} />
          </dd>
          <SourceNote line={line} currency={currency} />
        </div>
      ))}
      {sheet.otherAccounts ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 py-2" data-testid="asset-row">
          <dt className="text-slate-700">Other accounts</dt>
          <dd className="font-medium">
            <Money cents={sheet.otherAccounts.total} currency={currency} testId="asset-amount-other-accounts" />
          </dd>
          <dd className="w-full text-sm text-slate-500">{sheet.otherAccounts.names.join(", ")}</dd>
        </div>
      ) : null}
      <div className="flex items-center justify-between gap-4 pt-3">
        <dt className="font-semibold text-slate-900">Total Assets</dt>
        <dd className="font-bold">
          <Money cents={total} currency={currency} testId="assets-total" />
        </dd>
      </div>
    </dl>
  );
}

/** Every open account with its balance, and whether it counts in the net worth. */
function AccountsCard({ sheet, currency }: { sheet: BalanceSheet; currency: string }) {
  const typedName = new Map(sheet.assetLines.map((line) => [line.key, line.name]));
  return (
    <Card
      title="Accounts"
      testId="net-worth-accounts"
      action={
        <Link to={ACCOUNTS_PATH} className={SECONDARY_BUTTON_CLASS}>
          Manage accounts
        </Link>
      }
    >
      <p className="mb-3 text-sm text-slate-600">Each balance starts from the account&apos;s opening balance. A debt linked to an account counts once, through it.</p>
      <ul className="divide-y divide-slate-100">
        {sheet.accountLines.map((account) => {
          const { amount, owed } = shownBalance(account);
          return (
            <li key={account.id} aria-label={account.name} className="flex items-center justify-between gap-x-4 py-2">
              <span className="min-w-0">
                <span className="text-slate-900">{account.name}</span>
                <span className="block text-sm text-slate-500">
                  {ACCOUNT_KIND_LABELS[account.kind]}
                  {account.counted ? null : ` · not counted: ${typedName.get(account.covers ?? "")} is typed by hand`}
                </span>
              </span>
              <span className={`shrink-0 font-medium ${account.counted ? "text-slate-900" : "text-slate-500"}`}>
                {formatMoney(amount, currency)}
                {owed ? " owed" : ""}
              </span>
            </li>
          );
        })}
        {sheet.unlinkedDebts > 0 ? (
          <li className="flex flex-wrap items-center justify-between gap-x-4 py-2">
            <span className="text-slate-900">Debts without an account</span>
            <span className="font-medium" data-testid="unlinked-debts">
              {formatMoney(sheet.unlinkedDebts, currency)} owed
            </span>
          </li>
        ) : null}
      </ul>
    </Card>
  );
}

type AssetsFormValues = { assets: DraftAsset[]; newAssetName: string };

/**
 * The edit form posts every entry (`assets[i].key`, `.name` and `.amount`),
 * so Add Asset and Remove work without JavaScript: the action sends the
 * changed draft back, and only Save writes it. Checked in the browser once
 * the schema has arrived (useLazyForm) and always on the server, whose
 * refusal (`lastResult`) shows its messages and keeps what was typed.
 */
function AssetsForm({ defaultValue, lastResult }: { defaultValue: AssetsFormValues; lastResult?: SubmissionResult<string[]> }) {
  const addButton = useRef<HTMLButtonElement>(null);
  const saving = useIsSubmitting({ intent: NET_WORTH_INTENTS.saveAssets });
  const formRef = useFocusFirstInvalid<HTMLFormElement>(lastResult);
  const { form, fields, formProps } = useLazyForm({
    id: "edit-assets",
    lastResult,
    defaultValue,
    loadSchemas: loadNetWorthSchemas,
    schemaOf: (schemas) => schemas.AssetsFormSchema,
  });
  return (
    <Form ref={formRef} method="post" action={EDIT_ASSETS_PATH} preventScrollReset tabIndex={-1} className="space-y-4" aria-label="Edit assets" {...formProps}>
      {/* The form's default button, first in order: Enter in an amount saves rather than removing an entry. */}
      <button type="submit" name="intent" value={NET_WORTH_INTENTS.saveAssets} tabIndex={-1} aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        Save
      </button>
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <ul className="space-y-3">
        {fields.assets.getFieldList().map((row) => {
          const entry = row.getFieldset();
          const key = entry.key.initialValue ?? "";
          const name = entry.name.initialValue ?? "";
          return (
            <li key={row.key} className="space-y-1" data-testid="asset-edit-row">
              <input type="hidden" name={entry.key.name} value={key} />
              <input type="hidden" name={entry.name.name} value={name} />
              <label htmlFor={entry.amount.id} className="block text-sm font-medium text-slate-700">
                {name}
              </label>
              <div className="flex gap-2">
                <input {...getInputProps(entry.amount, { type: "text" })} inputMode="decimal" pattern={AMOUNT_PATTERN} className={inputClass} />
                {isDefaultAssetKey(key) ? null : (
                  <button
                    type="submit"
                    name="intent"
                    value={removeAssetIntent(key)}
                    aria-label={`Remove ${name}`}
                    className="shrink-0 rounded-lg border border-red-300 px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
                  >
                    Remove
                  </button>
                )}
              </div>
              <ErrorList id={entry.amount.errorId} errors={entry.amount.errors} />
            </li>
          );
        })}
      </ul>
      <div className="space-y-1 border-t border-slate-100 pt-4">
        <label htmlFor={fields.newAssetName.id} className="block text-sm font-medium text-slate-700">
          New asset name
        </label>
        <div className="flex gap-2">
          <input
            {...getInputProps(fields.newAssetName, { type: "text" })}
            maxLength={ASSET_NAME_MAX_LENGTH}
            placeholder="e.g. Retirement Account"
            onKeyDown={(event) => {
              // With JavaScript, Enter in the name adds the asset (without it, Enter saves, the form's default).
              if (event.key !== "Enter") return;
              event.preventDefault();
              addButton.current?.click();
            }}
            className={inputClass}
          />
          <button ref={addButton} type="submit" name="intent" value={NET_WORTH_INTENTS.addAsset} className={`shrink-0 ${SECONDARY_BUTTON_CLASS}`}>
            Add Asset
          </button>
        </div>
        <ErrorList id={fields.newAssetName.errorId} errors={fields.newAssetName.errors} />
      </div>
      <div className="flex gap-3">
        <SubmitButton name="intent" value={NET_WORTH_INTENTS.saveAssets} pending={saving} pendingLabel="Saving..." className="sm:w-auto">
          Save
        </SubmitButton>
        <Link to={MONEY_PICTURE_PATH} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function AssetsCard({
  sheet,
  total,
  currency,
  editing,
  reply,
  sourceReply,
}: {
  sheet: BalanceSheet;
  total: Cents;
  currency: string;
  editing: boolean;
  reply?: AssetFormReply;
  sourceReply?: SourceFormReply;
}) {
  const location = useLocation();
  const open = editing || Boolean(reply);
  const changed = reply && "draft" in reply ? reply : null;
  return (
    <Card
      title="Assets"
      testId="assets-card"
      action={
        open ? null : (
          <Link to={`${EDIT_ASSETS_PATH}#edit-assets`} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
            Edit Assets
          </Link>
        )
      }
    >
      {open ? (
        // A fresh form after every answer, so the inputs show the draft the action sent back.
        <AssetsForm
          key={location.key}
          defaultValue={{ assets: changed?.draft ?? toDraft(sheet.assetLines.map(({ key, name, typed }) => ({ key, name, amount: typed }))), newAssetName: changed?.newAssetName ?? "" }}
          lastResult={reply && "result" in reply ? reply.result : undefined}
        />
      ) : (
        <>
          {sourceReply ? (
            <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {sourceReply.message}
            </p>
          ) : null}
          <AssetsView sheet={sheet} currency={currency} total={total} />
        </>
      )}
    </Card>
  );
}

function IncomeForm({ monthlyIncome, lastResult }: { monthlyIncome: Cents; lastResult?: SubmissionResult<string[]> }) {
  const saving = useIsSubmitting({ intent: NET_WORTH_INTENTS.setIncome });
  const formRef = useFocusFirstInvalid<HTMLFormElement>(lastResult);
  const { form, fields, formProps } = useLazyForm({
    id: "monthly-income",
    lastResult,
    defaultValue: { monthlyIncome: centsToInput(monthlyIncome) },
    loadSchemas: loadNetWorthSchemas,
    schemaOf: (schemas) => schemas.IncomeSchema,
  });
  return (
    <Form ref={formRef} method="post" action={MONEY_PICTURE_PATH} preventScrollReset className="space-y-3" aria-label="Monthly income" {...formProps}>
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="space-y-1">
        <label htmlFor={fields.monthlyIncome.id} className="block text-sm font-medium text-slate-700">
          Monthly income
        </label>
        <input {...getInputProps(fields.monthlyIncome, { type: "text" })} inputMode="decimal" pattern={AMOUNT_PATTERN} className={inputClass} />
        <ErrorList id={fields.monthlyIncome.errorId} errors={fields.monthlyIncome.errors} />
      </div>
      <SubmitButton name="intent" value={NET_WORTH_INTENTS.setIncome} pending={saving} pendingLabel="Saving..." className="sm:w-auto">
        Update Income
      </SubmitButton>
    </Form>
  );
}

function IncomeCard({ monthlyIncome, currency, reply }: { monthlyIncome: Cents; currency: string; reply?: IncomeFormReply }) {
  const location = useLocation();
  return (
    <Card title="Monthly Income">
      <p className="mb-4 text-sm text-slate-600">
        Saved with your profile: <Money cents={monthlyIncome} currency={currency} testId="monthly-income" /> a month. It is used for your debt-to-income ratio.
      </p>
      {/* A fresh form after every answer, so the input shows the income saved. */}
      <IncomeForm key={location.key} monthlyIncome={monthlyIncome} lastResult={reply?.result} />
    </Card>
  );
}

const BAND_TONES: Record<DebtToIncomeBand, string> = {
  Excellent: "bg-emerald-100 text-emerald-800",
  Good: "bg-amber-100 text-amber-800",
  "High Risk": "bg-red-100 text-red-800",
};

function DebtToIncomeCard({ metrics, currency }: { metrics: FinancialMetrics; currency: string }) {
  const ratio = metrics.debtToIncomeRatio;
  const band = debtToIncomeBand(ratio);
  return (
    <Card title="Debt-to-Income Ratio" testId="dti-card">
      <div className="flex flex-wrap items-baseline gap-3">
        <span data-testid="dti-ratio" className="text-3xl font-bold text-slate-900">
          {ratio === null ? "—" : formatRatio(ratio)}
        </span>
        {band ? (
          <span data-testid="dti-band" className={`rounded-full px-3 py-1 text-sm font-semibold ${BAND_TONES[band]}`}>
            {band}
          </span>
        ) : null}
      </div>
      {ratio === null ? <p className="mt-2 text-sm text-slate-600">{NO_INCOME_TEXT}</p> : null}
      <p className="mt-2 text-sm text-slate-600">
        Monthly debt payments of <Money cents={metrics.totalMonthlyDebtPayments} currency={currency} testId="monthly-debt-payments" /> against a monthly
        income of <Money cents={metrics.monthlyIncome} currency={currency} />.
      </p>
      <div className="mt-4 rounded-xl bg-slate-50 p-4" data-testid="dti-guidelines">
        <h3 className="text-sm font-semibold text-slate-900">Debt-to-Income Guidelines</h3>
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {DTI_GUIDELINES.map((guideline) => (
            <li key={guideline.band} className={guideline.band === band ? "font-semibold text-slate-900" : undefined}>
              {guideline.range}: {guideline.band}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function SnapshotsCard({ snapshots, currency }: { snapshots: NetWorthSnapshotItem[]; currency: string }) {
  return (
    <Card title="Net worth by month" testId="net-worth-history">
      {snapshots.length === 0 ? (
        <p className="text-sm text-slate-600">{SNAPSHOTS_EMPTY_TEXT}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Assets
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Debts
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Net Worth
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {snapshots.map((snapshot) => (
                <tr key={snapshot.monthKey} data-testid="net-worth-month">
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                    {monthLabel(snapshot.monthKey)}
                  </th>
                  <td className="py-2 pr-4 text-right">{formatMoney(snapshot.totalAssets, currency)}</td>
                  <td className="py-2 pr-4 text-right">{formatMoney(snapshot.totalDebts, currency)}</td>
                  <td className={`py-2 text-right font-semibold ${snapshot.netWorth < 0 ? "text-red-600" : "text-slate-900"}`}>
                    {formatMoney(snapshot.netWorth, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** "Your Money Picture": assets, net worth, monthly income, debt-to-income and the months behind. */
export function MoneyPicture(props: MoneyPictureProps) {
  if (props.loadFailed) {
    return (
      <div role="alert" className={`${cardClass} text-center text-red-700`}>
        {ASSET_MESSAGES.loadFailed}
      </div>
    );
  }
  const { sheet, metrics, monthlyIncome, snapshots, currency, editing, reply } = props;
  return (
    <div className="space-y-6">
      <NetWorthCard metrics={metrics} currency={currency} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <AssetsCard
            sheet={sheet}
            total={metrics.totalAssets}
            currency={currency}
            editing={editing}
            reply={reply?.form === "assets" ? reply : undefined}
            sourceReply={reply?.form === "source" ? reply : undefined}
          />
          <AccountsCard sheet={sheet} currency={currency} />
        </div>
        <div className="space-y-6">
          <IncomeCard monthlyIncome={monthlyIncome} currency={currency} reply={reply?.form === "income" ? reply : undefined} />
          <DebtToIncomeCard metrics={metrics} currency={currency} />
        </div>
      </div>
      <SnapshotsCard snapshots={snapshots} currency={currency} />
    </div>
  );
}
