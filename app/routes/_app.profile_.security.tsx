import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { unknownForm } from "~/utils/action-failure.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { describeDevice } from "~/features/account/devices";
import { listSessions, signOutSession } from "~/features/account/account.server";
import { logout, requireUser } from "~/features/auth/auth.server";
import { parseTwoFactorForm } from "~/features/auth/auth-form.server";
import { describeWhen, listSecurityEvents } from "~/features/auth/security-events.server";
import { destroyUserSessions, readSessionId, sessionSignedInAt } from "~/features/auth/session.server";
import { RECENT_SIGN_IN_MINUTES, SECURITY_INTENTS, TWO_FACTOR_MESSAGES } from "~/features/auth/two-factor";
import {
  cancelTwoFactorSetup,
  getTwoFactorStatus,
  pendingSetup,
  renewRecoveryCodes,
  replaceAuthenticator,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOnTwoFactor,
  type TwoFactorRefusal,
} from "~/features/auth/two-factor.server";
import { hasPassword } from "~/features/auth/user.server";
import { appOrigin } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

const loadTwoFactorSchema = () => import("~/features/auth/two-factor-schema");

export const handle: PageHandle = { title: "Security" };

export const SECURITY_PATH = "/profile/security";

const SECURITY_MESSAGES = {
  signedOutSession: "That device was signed out",
  sessionNotFound: "That device was already signed out",
  signedOutOthers: "Signed out of every other device",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [twoFactor, sessions, currentSessionId, passwordSet, events] = await Promise.all([
    getTwoFactorStatus(user.id),
    listSessions(user.id),
    readSessionId(request),
    hasPassword(user.id),
    listSecurityEvents(user.id),
  ]);
  return {
    email: user.email,
    hasPassword: passwordSet,
    twoFactor,
    setup: twoFactor.settingUp ? await pendingSetup(user.id, user.email) : null,
    sessions: sessions.map((session) => ({
      id: String(session._id),
      device: describeDevice(session.userAgent ?? ""),
      lastActive: formatDistanceToNow(session.lastActiveAt, { addSuffix: true }),
      signedIn: session.createdAt ? formatDistanceToNow(session.createdAt, { addSuffix: true }) : null,
      current: String(session._id) === currentSessionId,
    })),
    events: events.map((event) => ({ ...event, at: describeWhen(event.at), ago: formatDistanceToNow(event.at, { addSuffix: true }) })),
  };
}

const TWO_FACTOR_FIELDS = ["newCode", "code", "password"];

/** Where each refusal is shown (beside its field, or above the form) and with what answer. */
const REFUSALS: Record<TwoFactorRefusal, { field: "newCode" | "code" | "password" | null; message: string; status: 400 | 429 }> = {
  "rate-limited": { field: null, message: TWO_FACTOR_MESSAGES.tooManyChangeAttempts, status: 429 },
  "wrong-password": { field: "password", message: TWO_FACTOR_MESSAGES.wrongPassword, status: 400 },
  "sign-in-again": { field: null, message: TWO_FACTOR_MESSAGES.signInAgain, status: 400 },
  "wrong-code": { field: "code", message: TWO_FACTOR_MESSAGES.wrongCode, status: 400 },
  "wrong-new-code": { field: "newCode", message: TWO_FACTOR_MESSAGES.wrongNewCode, status: 400 },
  "not-set-up": { field: null, message: TWO_FACTOR_MESSAGES.notSetUp, status: 400 },
};

type TwoFactorAnswer = { intent: string; result: SubmissionResult<string[]> | null; recoveryCodes: string[] | null; notice: string | null };

/**
 * A two-factor form's answer: the recovery codes to show once, or the refusal beside its field
 * (typed codes and the password are never sent back). Changing a second factor that is on takes a current
 * code (or a recovery code) and the password, checked by the feature (decision 177).
 */
async function twoFactorChange(request: Request, user: { id: string; email: string }, formData: FormData, intent: string) {
  const twoFactor = intent === SECURITY_INTENTS.confirmSetup ? await getTwoFactorStatus(user.id) : null;
  const replacing = Boolean(twoFactor?.enabled);
  const provesIt = replacing || intent !== SECURITY_INTENTS.confirmSetup;
  const submission = parseTwoFactorForm(formData, {
    newCode: intent === SECURITY_INTENTS.confirmSetup,
    code: provesIt,
    password: provesIt && (await hasPassword(user.id)),
  });
  const answer = (body: Omit<TwoFactorAnswer, "intent">, httpStatus = 200) => data<TwoFactorAnswer>({ intent, ...body }, { status: httpStatus });
  const refuse = (reason: TwoFactorRefusal, message = REFUSALS[reason].message) => {
    const { field } = REFUSALS[reason];
    const result = submission.reply({ hideFields: TWO_FACTOR_FIELDS, ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) });
    return answer({ result, recoveryCodes: null, notice: null }, REFUSALS[reason].status);
  };
  if (submission.status !== "success") return answer({ result: submission.reply({ hideFields: TWO_FACTOR_FIELDS }), recoveryCodes: null, notice: null }, 400);
  if (twoFactor && !twoFactor.settingUp) return refuse("not-set-up");

  const { newCode = "", code = "", password } = submission.value;
  const by = { userId: user.id, email: user.email, device: describeDevice(request.headers.get("User-Agent") ?? ""), origin: appOrigin(request) };
  if (intent === SECURITY_INTENTS.confirmSetup && !replacing) {
    const recoveryCodes = await turnOnTwoFactor(by, newCode);
    if (!recoveryCodes) return refuse("wrong-new-code", TWO_FACTOR_MESSAGES.wrongCode);
    return answer({ result: null, recoveryCodes, notice: TWO_FACTOR_MESSAGES.enabled });
  }
  const sessionId = await readSessionId(request);
  const proof = { code, password, signedInAt: sessionId ? await sessionSignedInAt(sessionId) : null };
  if (intent === SECURITY_INTENTS.disable) {
    const outcome = await turnOffTwoFactor(by, proof);
    if (!outcome.ok) return refuse(outcome.reason);
    return redirectWithToast(SECURITY_PATH, { type: "success", message: TWO_FACTOR_MESSAGES.disabled });
  }
  const outcome = intent === SECURITY_INTENTS.renewCodes ? await renewRecoveryCodes(by, proof) : await replaceAuthenticator(by, proof, newCode);
  if (!outcome.ok) return refuse(outcome.reason);
  return answer({ result: null, recoveryCodes: outcome.value, notice: intent === SECURITY_INTENTS.renewCodes ? TWO_FACTOR_MESSAGES.codesRenewed : TWO_FACTOR_MESSAGES.replaced });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  switch (intent) {
    case SECURITY_INTENTS.startSetup:
      await startTwoFactorSetup(user.id, user.email);
      return redirectWithToast(`${SECURITY_PATH}#${SETUP_TITLE_ID}`, { type: "success", message: "Scan the code with your authenticator app, then enter the code it shows" });
    case SECURITY_INTENTS.cancelSetup:
      await cancelTwoFactorSetup(user.id);
      return redirectWithToast(SECURITY_PATH, { type: "success", message: "Two-factor setup cancelled" });
    case SECURITY_INTENTS.confirmSetup:
    case SECURITY_INTENTS.disable:
    case SECURITY_INTENTS.renewCodes:
      return twoFactorChange(request, user, formData, intent);
    case SECURITY_INTENTS.signOutSession: {
      const sessionId = String(formData.get("sessionId") ?? "");
      if (sessionId === (await readSessionId(request))) return logout(request);
      const signedOut = await signOutSession(user.id, sessionId);
      return redirectWithToast(SECURITY_PATH, { type: signedOut ? "success" : "warning", message: signedOut ? SECURITY_MESSAGES.signedOutSession : SECURITY_MESSAGES.sessionNotFound });
    }
    case SECURITY_INTENTS.signOutOthers: {
      const current = await readSessionId(request);
      await destroyUserSessions(user.id, { except: current ?? undefined });
      return redirectWithToast(SECURITY_PATH, { type: "success", message: SECURITY_MESSAGES.signedOutOthers });
    }
    default:
      throw unknownForm();
  }
}

/** The setup's title: starting a setup lands on it (`#two-factor-setup`), so it takes focus. */
const SETUP_TITLE_ID = "two-factor-setup";

type Asks = { newCode: boolean; code: boolean; password: boolean };

/** A two-factor form on conform: the fields it `asks` for, each with its errors beside it (JavaScript on or off). */
function TwoFactorForm({
  intent,
  name,
  asks,
  newCodeLabel = "6-digit code from your app",
  button,
  pendingLabel,
  danger = false,
}: {
  intent: string;
  name: string;
  asks: Asks;
  newCodeLabel?: string;
  button: string;
  pendingLabel: string;
  danger?: boolean;
}) {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting({ formAction: SECURITY_PATH, intent });
  const { form, fields, formProps } = useLazyForm({
    id: `${intent}-form`,
    lastResult: actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined,
    loadSchemas: loadTwoFactorSchema,
    schemaOf: (schemas) => schemas.twoFactorFormSchema(asks),
  });
  const codeProps = { autoComplete: "one-time-code", maxLength: 20 } as const;
  return (
    <Form method="post" action={SECURITY_PATH} aria-label={name} className="space-y-3" {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {asks.newCode ? (
        <Field label={newCodeLabel} inputProps={{ ...getInputProps(fields.newCode, { type: "text" }), ...codeProps, inputMode: "numeric" }} errors={fields.newCode.errors} />
      ) : null}
      {asks.code ? (
        <Field
          label={asks.newCode ? "Code from your current entry, or a recovery code" : "Code from your app, or a recovery code"}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), ...codeProps }}
          errors={fields.code.errors}
        />
      ) : null}
      {asks.password ? (
        <>
          {/* Tells password managers which account the password belongs to; not submitted. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <Field label="Your password" inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }} errors={fields.password.errors} />
        </>
      ) : null}
      <SubmitButton pending={isSubmitting} pendingLabel={pendingLabel} className={`sm:w-auto ${danger ? "bg-red-600! hover:bg-red-700!" : ""}`}>
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

/** The key being set up: its QR code and, for typing in, its text. */
function SetupKey({ setup }: { setup: { secret: string; qrSvg: string } }) {
  return (
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
  );
}

function CancelSetup({ label }: { label: string }) {
  return (
    <Form method="post" action={SECURITY_PATH}>
      <input type="hidden" name="intent" value={SECURITY_INTENTS.cancelSetup} />
      <button type="submit" className="text-sm font-semibold text-slate-600 hover:underline">
        {label}
      </button>
    </Form>
  );
}

function TwoFactorSection() {
  const { twoFactor, setup, hasPassword: passwordSet } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const startPending = useIsSubmitting({ formAction: SECURITY_PATH, intent: SECURITY_INTENTS.startSetup });
  const shown = actionData && "recoveryCodes" in actionData && actionData.recoveryCodes ? actionData : null;
  const proof = { code: true, password: passwordSet, newCode: false };

  if (shown?.recoveryCodes) {
    return (
      <SectionCard title="Two-factor sign-in" description={shown.notice ?? undefined}>
        <RecoveryCodes codes={shown.recoveryCodes} />
        <Link to={SECURITY_PATH} className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          I saved my recovery codes
        </Link>
      </SectionCard>
    );
  }
  if (twoFactor.enabled && setup) {
    return (
      <SectionCard
        title="Move two-factor sign-in to a new authenticator app"
        targetId={SETUP_TITLE_ID}
        description={`1. Scan this code with your authenticator app (on your new phone, or as a new entry). 2. Enter the code the new entry shows, and confirm with a code from your current entry (or a recovery code)${passwordSet ? " and your password" : ""}. Until then, your current app keeps working.`}
      >
        <SetupKey setup={setup} />
        <TwoFactorForm
          intent={SECURITY_INTENTS.confirmSetup}
          name="Replace authenticator app"
          asks={{ ...proof, newCode: true }}
          newCodeLabel="6-digit code from the new entry"
          button="Replace authenticator app"
          pendingLabel="Checking..."
        />
        <CancelSetup label="Keep my current app" />
      </SectionCard>
    );
  }
  if (twoFactor.enabled) {
    return (
      <SectionCard
        title="Two-factor sign-in"
        description={`On. Signing in asks for a code from your authenticator app. ${twoFactor.recoveryCodesLeft} of 10 recovery codes left.`}
      >
        <p className="text-sm text-slate-700">
          {passwordSet
            ? "Each change below asks for a code from your app (or a recovery code) and your password."
            : `You sign in with Google: each change below asks for a code from your app (or a recovery code), within ${RECENT_SIGN_IN_MINUTES} minutes of signing in.`}
        </p>
        <div className="divide-y divide-slate-100">
          <div className="space-y-3 pb-5">
            <h3 className="font-semibold text-slate-900">New recovery codes</h3>
            <TwoFactorForm intent={SECURITY_INTENTS.renewCodes} name="Make new recovery codes" asks={proof} button="Make new recovery codes" pendingLabel="Making codes..." />
          </div>
          <div className="space-y-3 py-5">
            <h3 className="font-semibold text-slate-900">New phone?</h3>
            <p className="text-sm text-slate-700">Move two-factor sign-in to another authenticator app. Your current app keeps working until the new one is confirmed.</p>
            <Form method="post" action={SECURITY_PATH}>
              <input type="hidden" name="intent" value={SECURITY_INTENTS.startSetup} />
              <SubmitButton pending={startPending} pendingLabel="Starting..." className="sm:w-auto">
                Move to a new authenticator app
              </SubmitButton>
            </Form>
          </div>
          <div className="space-y-3 pt-5">
            <h3 className="font-semibold text-slate-900">Turn it off</h3>
            <TwoFactorForm intent={SECURITY_INTENTS.disable} name="Turn off two-factor sign-in" asks={proof} button="Turn off two-factor sign-in" pendingLabel="Turning off..." danger />
          </div>
        </div>
      </SectionCard>
    );
  }
  if (setup) {
    return (
      <SectionCard title="Set up two-factor sign-in" targetId={SETUP_TITLE_ID} description="1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator…). 2. Enter the 6-digit code the app shows.">
        <SetupKey setup={setup} />
        <TwoFactorForm intent={SECURITY_INTENTS.confirmSetup} name="Turn on two-factor sign-in" asks={{ newCode: true, code: false, password: false }} button="Turn on two-factor sign-in" pendingLabel="Checking..." />
        <CancelSetup label="Cancel setup" />
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Two-factor sign-in" description="Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password alone gets nobody in.">
      <Form method="post" action={SECURITY_PATH}>
        <input type="hidden" name="intent" value={SECURITY_INTENTS.startSetup} />
        <SubmitButton pending={startPending} pendingLabel="Starting..." className="sm:w-auto">
          Set up two-factor sign-in
        </SubmitButton>
      </Form>
    </SectionCard>
  );
}

function SessionsSection() {
  const { sessions, events } = useLoaderData<typeof loader>();
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
              <input type="hidden" name="intent" value={SECURITY_INTENTS.signOutSession} />
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
          <input type="hidden" name="intent" value={SECURITY_INTENTS.signOutOthers} />
          <button type="submit" className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
      {events.length > 0 ? (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <h3 className="font-semibold text-slate-900">Recent security changes</h3>
          <ul className="divide-y divide-slate-100" aria-label="Recent security changes">
            {events.map((event) => (
              <li key={event.id} className="py-2" data-testid="security-change">
                <p className="font-medium text-slate-900">{event.label}</p>
                <p className="text-sm text-slate-600">
                  {event.device} · {event.at} ({event.ago})
                </p>
              </li>
            ))}
          </ul>
        </div>
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

