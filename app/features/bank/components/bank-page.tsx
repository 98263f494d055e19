import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, useState, type MouseEvent, type ReactNode } from "react";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { PendingContent } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { useRevalidateWhile } from "~/components/ui/use-revalidate-while";
import { formatUtcDateTime, formatUtcDay } from "~/lib/utc-time";
import { BANK_INTENTS, BANK_MESSAGES, BANK_PATH, DISCONNECT_ASK_PARAM, type BankConnectionView, type ConnectionStatus } from "../bank";
import { PlaidLinkButton } from "./plaid-link-button";
import { DANGER_BUTTON_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, SMALL_BUTTON_CLASS } from "~/components/ui/buttons";

const UPGRADE_PATH = "/manage-subscription";


const STATUS_PILLS: Record<ConnectionStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-green-100 text-green-800" },
  syncing: { label: "Syncing", className: "bg-blue-100 text-blue-800" },
  error: { label: BANK_MESSAGES.syncError, className: "bg-red-100 text-red-800" },
};

/** Whether the bank page's form posting `intent` (for `connectionId`, if given) is in flight, or its page reloading after it. */
function usePendingIntent(intent: string, connectionId?: string) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  if (navigation.formData.get("intent") !== intent) return false;
  return connectionId === undefined || navigation.formData.get("connectionId") === connectionId;
}

/** A plain POST form with one button about one connection (or all of them); JavaScript adds the pending state. */
function IntentForm({
  intent,
  connectionId,
  pending,
  pendingLabel,
  ariaLabel,
  className,
  disabled,
  children,
}: {
  intent: string;
  connectionId?: string;
  pending: boolean;
  pendingLabel: string;
  ariaLabel?: string;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={BANK_PATH} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {connectionId ? <input type="hidden" name="connectionId" value={connectionId} /> : null}
      <button
        type="submit"
        // While pending the visible text is the whole name (an aria-label would no longer contain it).
        aria-label={pending ? undefined : ariaLabel}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
        className={className}
      >
        <PendingContent pending={pending} pendingLabel={pendingLabel}>
          {children}
        </PendingContent>
      </button>
    </Form>
  );
}

/**
 * Disconnect asks first: a GET form that loads the page with the bank's confirmation (works without
 * JavaScript; `onAsk` opens it in place instead). While the confirmed disconnection is posted it reads
 * 'Disconnecting bank account...'.
 */
function DisconnectAsk({
  connectionId,
  name,
  pending,
  disabled,
  onAsk,
}: {
  connectionId: string;
  name: string;
  pending: boolean;
  disabled: boolean;
  onAsk: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <Form method="get" action={confirmHref(BANK_PATH)} preventScrollReset>
      <input type="hidden" name={DISCONNECT_ASK_PARAM} value={connectionId} />
      <button
        type="submit"
        aria-label={pending ? undefined : `Disconnect ${name}`}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
        onClick={onAsk}
        className={DANGER_BUTTON_CLASS}
      >
        <PendingContent pending={pending} pendingLabel={BANK_MESSAGES.disconnecting}>
          Disconnect
        </PendingContent>
      </button>
    </Form>
  );
}

function SyncAllForm() {
  const pending = usePendingIntent(BANK_INTENTS.syncAll);
  return (
    <IntentForm intent={BANK_INTENTS.syncAll} pending={pending} pendingLabel={BANK_MESSAGES.syncing} className={SECONDARY_BUTTON_CLASS}>
      Sync All
    </IntentForm>
  );
}

function ConnectControl({ premium, configured, linkScriptUrl, nonce }: Pick<BankPageProps, "premium" | "configured" | "linkScriptUrl" | "nonce">) {
  const promotionId = useId();
  if (!premium) {
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" disabled aria-describedby={promotionId} className={PRIMARY_BUTTON_CLASS}>
            {BANK_MESSAGES.premiumRequired}
          </button>
          <Link to={UPGRADE_PATH} className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
            Upgrade to Premium
          </Link>
        </div>
        <p id={promotionId} className="text-sm text-slate-700">
          Auto-import transactions: link your bank and new transactions arrive in your ledger on their own, ready to categorize. Available with Premium.
        </p>
      </div>
    );
  }
  if (!configured) {
    return <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">{BANK_MESSAGES.notConfigured}</p>;
  }
  return <PlaidLinkButton linkScriptUrl={linkScriptUrl} nonce={nonce} />;
}

function AccountList({ accounts }: { accounts: BankConnectionView["accounts"] }) {
  if (accounts.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {accounts.map((account) => (
        <li key={account.id}>
          {account.name}
          {account.mask ? (
            <>
              {" "}
              <span aria-hidden="true">••••</span>
              <span className="sr-only">ending in </span>
              {account.mask}
            </>
          ) : null}
          {account.type ? <span className="text-slate-500"> · {account.type}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function ConnectionCard({
  connection,
  premium,
  configured,
  linkScriptUrl,
  nonce,
  syncAllPending,
  confirmDisconnect,
}: {
  connection: BankConnectionView;
  syncAllPending: boolean;
  /** The page was loaded asking to disconnect this bank: its confirmation shows. */
  confirmDisconnect: boolean;
} & Pick<BankPageProps, "premium" | "configured" | "linkScriptUrl" | "nonce">) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const syncing = usePendingIntent(BANK_INTENTS.sync, connection.id);
  const disconnecting = usePendingIntent(BANK_INTENTS.disconnect, connection.id);
  const name = connection.institutionName;
  const pill = STATUS_PILLS[connection.status];
  const connectedOn = formatUtcDay(connection.connectedAt);
  const lastSynced = connection.lastSync ? formatUtcDateTime(connection.lastSync) : null;

  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {name}
          </h3>
          <span data-status={connection.status} className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${pill.className}`}>
            {pill.label}
          </span>
        </div>
        {connection.status === "error" && connection.lastError ? <p className="text-sm text-red-700">{connection.lastError}</p> : null}
        <AccountList accounts={connection.accounts} />
        <p className="text-xs text-slate-500">
          {connectedOn ? (
            <>
              Connected <time dateTime={connection.connectedAt}>{connectedOn}</time>
              {" · "}
            </>
          ) : null}
          {connection.lastSync && lastSynced ? (
            <>
              Last synced <time dateTime={connection.lastSync}>{lastSynced}</time>
            </>
          ) : (
            "Never synced"
          )}
        </p>
        <div className="flex flex-wrap items-start gap-2">
          {premium ? (
            <IntentForm
              intent={BANK_INTENTS.sync}
              connectionId={connection.id}
              pending={syncing}
              pendingLabel={BANK_MESSAGES.syncing}
              disabled={syncAllPending || disconnecting}
              ariaLabel={`Sync ${name}`}
              className={SMALL_BUTTON_CLASS}
            >
              Sync
            </IntentForm>
          ) : null}
          {premium && configured && connection.needsRelink ? (
            <PlaidLinkButton linkScriptUrl={linkScriptUrl} connectionId={connection.id} institutionName={name} nonce={nonce} />
          ) : null}
          <DisconnectAsk
            connectionId={connection.id}
            name={name}
            pending={disconnecting}
            disabled={syncing}
            onAsk={(event) => {
              // With JavaScript the confirmation opens in place; without it the page is loaded asking (/bank?disconnect=<id>).
              event.preventDefault();
              setConfirming(true);
            }}
          />
        </div>
      </article>
      {confirming || confirmDisconnect ? (
        <ConfirmDialog
          title="Disconnect Bank Account"
          message={`Disconnect ${name}? Its imported transactions stay in your ledger; new ones stop arriving.`}
          confirmLabel="Disconnect"
          action={BANK_PATH}
          fields={{ intent: BANK_INTENTS.disconnect, connectionId: connection.id }}
          onSubmit={() => setConfirming(false)}
          {...(confirming ? { onCancel: () => setConfirming(false) } : { cancelTo: BANK_PATH })}
        />
      ) : null}
    </li>
  );
}

type BankPageProps = {
  premium: boolean;
  /** Plaid keys (or a stand-in) are set on the server. */
  configured: boolean;
  /** Plaid Link's CDN script; null keeps Hosted Link only. */
  linkScriptUrl: string | null;
  connections: BankConnectionView[];
  /** The CSP nonce for the Plaid script. */
  nonce?: string;
  /** Why the page's last form was refused (too many links, a bank that is not there, a bad token). */
  refusal?: string | null;
  /** The user's bank the page was loaded asking to disconnect (/bank?disconnect=<id>): its confirmation shows. */
  confirmDisconnectId?: string | null;
};

/**
 * The bank page (premium): the Connect control and Sync All, the linked banks
 * with Sync, Disconnect and (when the login expired) Reconnect, and the
 * security note. Every action is a plain POST form to the bank page's action;
 * Disconnect first asks (/bank?disconnect=<id> shows the confirmation, which
 * posts); JavaScript opens that confirmation in place and adds pending texts
 * and the in-page Plaid widget. A refused form says why at the top.
 */
export function BankPage({ premium, configured, linkScriptUrl, connections, nonce, refusal = null, confirmDisconnectId = null }: BankPageProps) {
  const listHeadingId = useId();
  const syncAllPending = usePendingIntent(BANK_INTENTS.syncAll);
  useRevalidateWhile(connections.some((connection) => connection.status === "syncing"));
  const link = { premium, configured, linkScriptUrl, nonce };
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <SectionCard title="Linked bank accounts" description="Connect a bank account to import transactions automatically.">
        {refusal ? (
          <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-3">
          <ConnectControl {...link} />
          {premium && connections.length > 0 ? <SyncAllForm /> : null}
        </div>
      </SectionCard>

      {premium || connections.length > 0 ? (
        <section aria-labelledby={listHeadingId} className="space-y-3">
          <h2 id={listHeadingId} className="text-lg font-semibold text-slate-900">
            Connected accounts
          </h2>
          {connections.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">
              No bank accounts connected yet.
            </p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {connections.map((connection) => (
                <ConnectionCard key={connection.id} connection={connection} syncAllPending={syncAllPending} confirmDisconnect={connection.id === confirmDisconnectId} {...link} />
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <SectionCard title="Your security">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Ledgerly connects to your bank through Plaid. Your bank login goes to Plaid, never to Ledgerly.</li>
          <li>The access token Plaid gives us is encrypted and never leaves our server. Disconnecting a bank removes it.</li>
          <li>Imported transactions stay in your ledger until you delete them.</li>
        </ul>
      </SectionCard>
    </div>
  );
}
