import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { describeDevice } from "~/features/account/devices";
import { listSessions, signOutSession } from "~/features/account/account.server";
import { logout, requireUser } from "~/features/auth/auth.server";
import { destroyUserSessions, readSessionId } from "~/features/auth/session.server";
import { TWO_FACTOR_MESSAGES } from "~/features/auth/two-factor";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  pendingSetup,
  renewRecoveryCodes,
  startTwoFactorSetup,
} from "~/features/auth/two-factor.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

export const handle: PageHandle = { title: "Security" };

export const SECURITY_PATH = "/profile/security";

export const INTENT = {
  startSetup: "start-two-factor",
  confirmSetup: "confirm-two-factor",
  cancelSetup: "cancel-two-factor",
  disable: "disable-two-factor",
  renewCodes: "renew-recovery-codes",
  signOutSession: "sign-out-session",
  signOutOthers: "sign-out-others",
} as const;

export const SECURITY_MESSAGES = {
  signedOutSession: "That device was signed out",
  sessionNotFound: "That device was already signed out",
  signedOutOthers: "Signed out of every other device",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [twoFactor, sessions, currentSessionId] = await Promise.all([getTwoFactorStatus(user.id), listSessions(user.id), readSessionId(request)]);
  return {
    twoFactor,
    setup: twoFactor.settingUp ? await pendingSetup(user.id, user.email) : null,
    sessions: sessions.map((session) => ({
      id: String(session._id),
      device: describeDevice(session.userAgent ?? ""),
      lastActive: formatDistanceToNow(session.lastActiveAt, { addSuffix: true }),
      signedIn: session.createdAt ? formatDistanceToNow(session.createdAt, { addSuffix: true }) : null,
      current: String(session._id) === currentSessionId,
    })),
  };
}

/** A second factor the user typed to prove it is them, with wrong ones counted against the same limit as sign-in. */
async function secondFactorChecked(userId: string, check: () => Promise<boolean>) {
  const reservation = await reserveAttempts(["twoFactorFailuresPerAccount", userId]);
  if (!reservation) return TWO_FACTOR_MESSAGES.tooManyAttempts;
  if (!(await check())) return TWO_FACTOR_MESSAGES.wrongCode;
  await reservation.succeeded();
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const code = String(formData.get("code") ?? "");
  const failure = (error: string, status = 400) => data({ intent, error, recoveryCodes: null }, { status });

  switch (intent) {
    case INTENT.startSetup:
      await startTwoFactorSetup(user.id, user.email);
      return redirectWithToast(SECURITY_PATH, { type: "success", message: "Scan the code with your authenticator app, then enter the code it shows" });
    case INTENT.cancelSetup:
      await cancelTwoFactorSetup(user.id);
      return redirectWithToast(SECURITY_PATH, { type: "success", message: "Two-factor setup cancelled" });
    case INTENT.confirmSetup: {
      if (!code.trim()) return failure(TWO_FACTOR_MESSAGES.codeRequired);
      const status = await getTwoFactorStatus(user.id);
      if (!status.settingUp) return failure(TWO_FACTOR_MESSAGES.notSetUp);
      const recoveryCodes = await confirmTwoFactorSetup(user.id, code);
      if (!recoveryCodes) return failure(TWO_FACTOR_MESSAGES.wrongCode);
      return data({ intent, error: null, recoveryCodes });
    }
    case INTENT.disable: {
      if (!code.trim()) return failure(TWO_FACTOR_MESSAGES.codeRequired);
      const error = await secondFactorChecked(user.id, () => disableTwoFactor(user.id, code));
      if (error) return failure(error, error === TWO_FACTOR_MESSAGES.tooManyAttempts ? 429 : 400);
      return redirectWithToast(SECURITY_PATH, { type: "success", message: TWO_FACTOR_MESSAGES.disabled });
    }
    case INTENT.renewCodes: {
      if (!code.trim()) return failure(TWO_FACTOR_MESSAGES.codeRequired);
      let recoveryCodes: string[] | null = null;
      const error = await secondFactorChecked(user.id, async () => {
        recoveryCodes = await renewRecoveryCodes(user.id, code);
        return recoveryCodes !== null;
      });
      if (error) return failure(error, error === TWO_FACTOR_MESSAGES.tooManyAttempts ? 429 : 400);
      return data({ intent, error: null, recoveryCodes });
    }
    case INTENT.signOutSession: {
      const sessionId = String(formData.get("sessionId") ?? "");
      if (sessionId === (await readSessionId(request))) return logout(request);
      const signedOut = await signOutSession(user.id, sessionId);
      return redirectWithToast(SECURITY_PATH, { type: signedOut ? "success" : "warning", message: signedOut ? SECURITY_MESSAGES.signedOutSession : SECURITY_MESSAGES.sessionNotFound });
    }
    case INTENT.signOutOthers: {
      const current = await readSessionId(request);
      await destroyUserSessions(user.id, { except: current ?? undefined });
      return redirectWithToast(SECURITY_PATH, { type: "success", message: SECURITY_MESSAGES.signedOutOthers });
    }
    default:
      throw data("Unknown form submitted.", { status: 400 });
  }
}

function CodeForm({ intent, label, button, pendingLabel, danger = false }: { intent: string; label: string; button: string; pendingLabel: string; danger?: boolean }) {
  const actionData = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting({ formAction: SECURITY_PATH, intent });
  const error = actionData?.intent === intent ? actionData.error : null;
  return (
    <Form method="post" action={SECURITY_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <FormErrorBox errors={error ? [error] : null} />
      <Field label={label} inputProps={{ name: "code", type: "text", autoComplete: "one-time-code", required: true, maxLength: 20 }} />
      <SubmitButton
        pending={isSubmitting}
        pendingLabel={pendingLabel}
        className={`sm:w-auto ${danger ? "bg-red-600! hover:bg-red-700!" : ""}`}
      >
        {button}
      </SubmitButton>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-950">
        Your recovery codes. Each works once, in place of a code from your phone. Save them now: they are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function TwoFactorSection() {
  const { twoFactor, setup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const startPending = useIsSubmitting({ formAction: SECURITY_PATH, intent: INTENT.startSetup });
  const shownCodes = actionData?.recoveryCodes ?? null;

  if (shownCodes) {
    return (
      <SectionCard title="Two-factor sign-in" description={TWO_FACTOR_MESSAGES.enabled}>
        <RecoveryCodes codes={shownCodes} />
        <Link to={SECURITY_PATH} className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          I saved my recovery codes
        </Link>
      </SectionCard>
    );
  }
  if (twoFactor.enabled) {
    return (
      <SectionCard
        title="Two-factor sign-in"
        description={`On. Signing in asks for a code from your authenticator app. ${twoFactor.recoveryCodesLeft} of 10 recovery codes left.`}
      >
        <CodeForm intent={INTENT.renewCodes} label="Code from your app, to make new recovery codes" button="Make new recovery codes" pendingLabel="Making codes..." />
        <CodeForm intent={INTENT.disable} label="Code from your app (or a recovery code), to turn it off" button="Turn off two-factor sign-in" pendingLabel="Turning off..." danger />
      </SectionCard>
    );
  }
  if (setup) {
    return (
      <SectionCard title="Set up two-factor sign-in" description="1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator…). 2. Enter the 6-digit code the app shows.">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {/* The SVG is made on the server by the qrcode library from the otpauth link; it holds no script. */}
          <div className="h-48 w-48 shrink-0 rounded-lg border border-slate-200 p-2" aria-label="QR code for your authenticator app" role="img" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <div className="space-y-2 text-sm text-slate-700">
            <p>Can’t scan it? Type this key into the app instead:</p>
            <p className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="two-factor-secret">
              {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
            </p>
          </div>
        </div>
        <CodeForm intent={INTENT.confirmSetup} label="6-digit code from your app" button="Turn on two-factor sign-in" pendingLabel="Checking..." />
        <Form method="post" action={SECURITY_PATH}>
          <input type="hidden" name="intent" value={INTENT.cancelSetup} />
          <button type="submit" className="text-sm font-semibold text-slate-600 hover:underline">
            Cancel setup
          </button>
        </Form>
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Two-factor sign-in" description="Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password alone gets nobody in.">
      <Form method="post" action={SECURITY_PATH}>
        <input type="hidden" name="intent" value={INTENT.startSetup} />
        <SubmitButton pending={startPending} pendingLabel="Starting..." className="sm:w-auto">
          Set up two-factor sign-in
        </SubmitButton>
      </Form>
    </SectionCard>
  );
}

function SessionsSection() {
  const { sessions } = useLoaderData<typeof loader>();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <SectionCard title="Signed-in devices" description="Sign out a device you no longer use or do not recognise.">
      <ul className="divide-y divide-slate-100" aria-label="Signed-in devices">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="signed-in-device">
            <div>
              <p className="font-medium text-slate-900">
                {session.device} {session.current ? <span className="ml-1 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">This device</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                Active {session.lastActive}
                {session.signedIn ? ` · signed in ${session.signedIn}` : ""}
              </p>
            </div>
            <Form method="post" action={SECURITY_PATH}>
              <input type="hidden" name="intent" value={INTENT.signOutSession} />
              <input type="hidden" name="sessionId" value={session.id} />
              <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50">
                Sign out{session.current ? " here" : ""}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" action={SECURITY_PATH}>
          <input type="hidden" name="intent" value={INTENT.signOutOthers} />
          <button type="submit" className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </SectionCard>
  );
}

export default function SecurityPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <TwoFactorSection />
      <SessionsSection />
      <p className="text-sm">
        <Link to="/profile" className="font-semibold text-brand-700 hover:underline">
          Back to profile
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Security | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

