import { getInputProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useMemo } from "react";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { DELETE_ACCOUNT_TITLE_ID } from "~/features/account/account";
import { NewPasswordFields } from "~/features/auth/components/auth-fields";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { logout, requireUser, requireUserId } from "~/features/auth/auth.server";
import { CurrencyOptions } from "~/components/ui/currency-options";
import type { Currency } from "~/lib/currency";
import { FEATURED_CURRENCIES, otherCurrencies } from "~/lib/currency-list";
import { formatMoney, toCents } from "~/lib/money";
import type { PageHandle } from "~/utils/page-title";
import { DISPLAY_NAME_MAX_LENGTH, PROFILE_INTENTS, PROFILE_MESSAGES, type ProfileIntent } from "~/features/profile/profile";
import { parseChangePasswordForm, parseCurrencyForm, parseDisplayNameForm } from "~/features/profile/profile-form.server";
import { changePassword, countActiveSessions, getProfile, updateAiInsights, updateCurrency, updateDisplayName } from "~/features/profile/profile.server";
import { requireSameOrigin } from "~/utils/security.server";
import { destroyUserSessions, readSessionId } from "~/features/auth/session.server";
import { createToastHeader, redirectWithToast } from "~/utils/flash.server";
import { hasPassword } from "~/features/auth/user.server";
import { readForm } from "~/utils/form-body.server";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { unknownForm } from "~/utils/action-failure.server";
import { queueReportingRecount } from "~/integrations/jobs.server";
import { CurrencyNotices } from "~/features/transactions/components/currency-notices";
import { reportingRecountProgress } from "~/features/transactions/ledger.server";

const loadProfileSchemas = () => import("~/features/profile/schema");

const PREVIEW_CENTS = toCents(123456);
const PROFILE_PATH = "/profile";
const CONFIRM_SIGN_OUT_PATH = confirmHref(`${PROFILE_PATH}?confirm=${PROFILE_INTENTS.signOutEverywhere}`);
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmNewPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const [profile, passwordSet, signedInDevices, recount] = await Promise.all([
    getProfile(userId),
    hasPassword(userId),
    countActiveSessions(userId),
    reportingRecountProgress(userId),
  ]);
  if (!profile) throw await logout(request);
  return {
    email: profile.email,
    displayName: profile.displayName,
    signInMethod: profile.authProvider === "google" ? "Google" : "Email",
    memberSince: profile.memberSince,
    currency: profile.currency,
    // Browsers ship their own, slightly different, currency lists: render the server's so hydration matches.
    otherCurrencies: otherCurrencies(),
    hasPassword: passwordSet,
    signedInDevices,
    aiInsights: profile.aiInsights,
    recount,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case PROFILE_INTENTS.updateName: {
      const submission = parseDisplayNameForm(formData);
      if (submission.status !== "success") {
        return data({ intent: PROFILE_INTENTS.updateName, result: submission.reply() }, { status: 400 });
      }
      await updateDisplayName(user.id, submission.value.displayName);
      return redirectWithToast(PROFILE_PATH, { type: "success", message: PROFILE_MESSAGES.nameUpdated });
    }
    case PROFILE_INTENTS.updateCurrency: {
      const submission = parseCurrencyForm(formData);
      if (submission.status !== "success") {
        return data({ intent: PROFILE_INTENTS.updateCurrency, result: submission.reply() }, { status: 400 });
      }
      const { currency } = submission.value;
      const changed = await updateCurrency(user.id, currency);
      if (changed) await queueReportingRecount(user.id);
      return redirectWithToast(PROFILE_PATH, { type: "success", message: changed ? PROFILE_MESSAGES.currencyRecounting(currency) : PROFILE_MESSAGES.currencyUpdated(currency) });
    }
    case PROFILE_INTENTS.updateAi: {
      const choice = formData.get("aiInsights");
      if (choice !== "on" && choice !== "off") return data({ intent: PROFILE_INTENTS.updateAi, result: null, error: PROFILE_MESSAGES.aiChoiceInvalid }, { status: 400 });
      await updateAiInsights(user.id, choice === "on");
      return redirectWithToast(PROFILE_PATH, { type: "success", message: choice === "on" ? PROFILE_MESSAGES.aiOn : PROFILE_MESSAGES.aiOff });
    }
    case PROFILE_INTENTS.changePassword: {
      const passwordSet = await hasPassword(user.id);
      const submission = parseChangePasswordForm(formData, passwordSet);
      const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
        submission.reply({ hideFields: PASSWORD_FIELDS, ...options });
      if (submission.status !== "success") {
        return data({ intent: PROFILE_INTENTS.changePassword, result: reply() }, { status: 400 });
      }
      const outcome = await changePassword({
        userId: user.id,
        email: user.email,
        currentPassword: submission.value.currentPassword,
        newPassword: submission.value.newPassword!,
        keepSessionId: await readSessionId(request),
      });
      if (!outcome.ok && outcome.reason === "rate-limited") {
        return data({ intent: PROFILE_INTENTS.changePassword, result: reply({ formErrors: [PROFILE_MESSAGES.tooManyAttempts] }) }, { status: 429 });
      }
      if (!outcome.ok) {
        return data(
          { intent: PROFILE_INTENTS.changePassword, result: reply({ fieldErrors: { currentPassword: [PROFILE_MESSAGES.incorrectCurrentPassword] } }) },
          { status: 400 },
        );
      }
      const message = passwordSet ? PROFILE_MESSAGES.passwordChanged : PROFILE_MESSAGES.passwordSet;
      return redirectWithToast(PROFILE_PATH, { type: "success", message });
    }
    case PROFILE_INTENTS.signOutEverywhere: {
      await destroyUserSessions(user.id);
      const response = await logout(request);
      response.headers.append("Set-Cookie", await createToastHeader({ type: "success", message: PROFILE_MESSAGES.signedOutEverywhere }));
      return response;
    }
    default:
      throw unknownForm();
  }
}

function useLastResult(intent: ProfileIntent) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

function DisplayNameForm({ displayName }: { displayName: string }) {
  const isSubmitting = useIsSubmitting({ formAction: PROFILE_PATH, intent: PROFILE_INTENTS.updateName });
  const { fields, formProps } = useLazyForm({
    id: "display-name-form",
    lastResult: useLastResult(PROFILE_INTENTS.updateName),
    defaultValue: { displayName },
    loadSchemas: loadProfileSchemas,
    schemaOf: (schemas) => schemas.DisplayNameSchema,
  });
  return (
    <Form method="post" action={PROFILE_PATH} className="space-y-4" {...formProps}>
      <input type="hidden" name="intent" value={PROFILE_INTENTS.updateName} />
      <Field
        label="Display name"
        inputProps={{ ...getInputProps(fields.displayName, { type: "text" }), autoComplete: "name", maxLength: DISPLAY_NAME_MAX_LENGTH }}
        errors={fields.displayName.errors}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving..." className="sm:w-auto">
        Save
      </SubmitButton>
    </Form>
  );
}

function CurrencyForm({ currency, otherCurrencies }: { currency: string; otherCurrencies: readonly Currency[] }) {
  const isSubmitting = useIsSubmitting({ formAction: PROFILE_PATH, intent: PROFILE_INTENTS.updateCurrency });
  const offered = useMemo(
    () => new Set([...FEATURED_CURRENCIES, ...otherCurrencies].map((option) => option.code)),
    [otherCurrencies],
  );
  const { fields, formProps } = useLazyForm({
    id: "currency-form",
    lastResult: useLastResult(PROFILE_INTENTS.updateCurrency),
    defaultValue: { currency },
    loadSchemas: loadProfileSchemas,
    schemaOf: (schemas) => schemas.currencySchema((code) => offered.has(code)),
  });
  return (
    <Form method="post" action={PROFILE_PATH} className="space-y-4" {...formProps}>
      <input type="hidden" name="intent" value={PROFILE_INTENTS.updateCurrency} />
      <div className="space-y-1">
        <label htmlFor={fields.currency.id} className="block text-sm font-medium text-slate-700">
          Display currency
        </label>
        <select
          {...getSelectProps(fields.currency)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400"
        >
          <CurrencyOptions others={otherCurrencies} />
        </select>
        <ErrorList id={fields.currency.errorId} errors={fields.currency.errors} />
      </div>
      <p className="text-sm text-slate-600" data-testid="currency-preview">
        Amounts will look like{" "}
        {/* The browser's Intl may format a rare currency slightly differently from the server's. */}
        <span className="font-semibold text-slate-900" suppressHydrationWarning>
          {formatMoney(PREVIEW_CENTS, fields.currency.value ?? currency)}
        </span>
      </p>
      <SubmitButton pending={isSubmitting} pendingLabel="Saving..." className="sm:w-auto">
        Update Currency
      </SubmitButton>
    </Form>
  );
}

function ChangePasswordForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const isSubmitting = useIsSubmitting({ formAction: PROFILE_PATH, intent: PROFILE_INTENTS.changePassword });
  const { form, fields, formProps } = useLazyForm({
    id: "change-password-form",
    lastResult: useLastResult(PROFILE_INTENTS.changePassword),
    loadSchemas: loadProfileSchemas,
    schemaOf: (schemas) => schemas.changePasswordSchema(hasPassword),
  });
  return (
    <Form method="post" action={PROFILE_PATH} className="space-y-4" {...formProps}>
      <input type="hidden" name="intent" value={PROFILE_INTENTS.changePassword} />
      {/* Tells password managers which account the new password belongs to; not submitted. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {hasPassword ? (
        <Field
          label="Current Password"
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
      ) : null}
      <NewPasswordFields
        password={fields.newPassword}
        confirmation={fields.confirmNewPassword}
        labels={{ password: "New Password", confirmation: "Confirm New Password" }}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving..." className="sm:w-auto">
        {hasPassword ? "Change Password" : "Set Password"}
      </SubmitButton>
    </Form>
  );
}

/** Reached through ?confirm=sign-out-everywhere, so the confirmation also works without JavaScript. */
function SignOutEverywhereDialog() {
  return (
    <ConfirmDialog
      title="Sign out of all devices?"
      message="Every session ends, including this one. You will need to sign in again on each device."
      confirmLabel="Sign out of all devices"
      action={PROFILE_PATH}
      fields={{ intent: PROFILE_INTENTS.signOutEverywhere }}
      cancelTo={PROFILE_PATH}
    />
  );
}

/** The AI switch: a one-button form that flips it (works without JavaScript). */
function AiInsightsForm({ enabled }: { enabled: boolean }) {
  const isSubmitting = useIsSubmitting({ formAction: PROFILE_PATH, intent: PROFILE_INTENTS.updateAi });
  const actionData = useActionData<typeof action>();
  const error = actionData?.intent === PROFILE_INTENTS.updateAi && "error" in actionData ? actionData.error : null;
  return (
    <Form method="post" action={PROFILE_PATH} preventScrollReset className="flex flex-wrap items-center gap-4">
      <input type="hidden" name="intent" value={PROFILE_INTENTS.updateAi} />
      <input type="hidden" name="aiInsights" value={enabled ? "off" : "on"} />
      <p className="text-sm text-slate-700">
        AI insights are <strong>{enabled ? "on" : "off"}</strong>.
      </p>
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-70"
      >
        {enabled ? "Turn AI insights off" : "Turn AI insights on"}
      </button>
      <ErrorList errors={[error]} />
    </Form>
  );
}

export const handle: PageHandle = { title: "Profile" };

export default function ProfilePage() {
  const profile = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const devices = profile.signedInDevices;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <SectionCard title="Account details">
        <dl className="mb-6 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="mt-1 break-all font-medium text-slate-900">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Sign-in method</dt>
            <dd className="mt-1 font-medium text-slate-900">{profile.signInMethod}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Member since</dt>
            <dd className="mt-1 font-medium text-slate-900">{profile.memberSince}</dd>
          </div>
        </dl>
        <DisplayNameForm key={profile.displayName} displayName={profile.displayName} />
      </SectionCard>

      <SectionCard
        title="Currency"
        description="Your totals are counted in this currency: the dashboard, budgets, analytics and net worth. An account in another currency keeps its own; its amounts count at the European Central Bank's rate of each day. Subscriptions are always billed in US dollars (USD)."
      >
        <div className="space-y-4">
          <CurrencyNotices recount={profile.recount} />
          <CurrencyForm key={profile.currency} currency={profile.currency} otherCurrencies={profile.otherCurrencies} />
        </div>
      </SectionCard>

      <SectionCard
        title={profile.hasPassword ? "Change Password" : "Set a password"}
        description={
          profile.hasPassword
            ? "Changing your password signs you out on every other device."
            : "You sign in with Google. Set a password to also sign in with your email address."
        }
      >
        {/* A fresh form after every submission, so typed passwords never linger after a change. */}
        <ChangePasswordForm key={location.key} email={profile.email} hasPassword={profile.hasPassword} />
      </SectionCard>

      <SectionCard title="Sessions">
        <p className="text-sm text-slate-700">
          You are signed in on {devices} {devices === 1 ? "device" : "devices"}.
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Link to="/profile/security" className="inline-flex rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Devices and two-factor sign-in
          </Link>
          <Link
            to={CONFIRM_SIGN_OUT_PATH}
            preventScrollReset
            className="inline-flex rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Sign out of all devices
          </Link>
        </div>
      </SectionCard>

      <SectionCard
        title="AI insights"
        description="When on, and an AI model is configured, generating insights sends that month's totals, your top categories and your last 100 transactions (date, amount, category and description; no name, email or account details) to the AI model. When off, insights are computed on Ledgerly's server only."
      >
        <AiInsightsForm enabled={profile.aiInsights} />
      </SectionCard>

      <SectionCard title="Your data" description="Download everything Ledgerly keeps of you, or delete your account.">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/profile/data" className="inline-flex rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Download or delete my data
          </Link>
          <Link to={`/profile/data#${DELETE_ACCOUNT_TITLE_ID}`} className="inline-flex rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            Delete my account
          </Link>
        </div>
      </SectionCard>

      {searchParams.get("confirm") === PROFILE_INTENTS.signOutEverywhere ? <SignOutEverywhereDialog /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Profile | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
