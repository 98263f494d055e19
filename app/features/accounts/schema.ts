import * as z from "zod/mini";
import { signedCentsField } from "~/lib/amount-field";
import { isIsoDate } from "~/lib/month";
import { ACCOUNT_KINDS, ACCOUNT_NAME_MAX_LENGTH, ACCOUNTS_MESSAGES, type AccountKind } from "./accounts";

/*
 * The account form's schema (add and edit), for the browser and the server: the browser imports this
 * module on demand (useLazyForm, through load-schemas.ts), the server through account-form.server.ts.
 */

/** The largest balance an account may open with, either way: a billion. */
const MAX_OPENING_CENTS = 100_000_000_000;

export const AccountSchema = z.object({
  name: z
    .string({ error: ACCOUNTS_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: ACCOUNTS_MESSAGES.nameRequired }),
      z.maxLength(ACCOUNT_NAME_MAX_LENGTH, { error: ACCOUNTS_MESSAGES.nameTooLong }),
    ),
  kind: z.enum(ACCOUNT_KINDS as [AccountKind, ...AccountKind[]], { error: ACCOUNTS_MESSAGES.kindInvalid }),
  // A checkbox: present when ticked. Tracking-only accounts are the unticked ones.
  onBudget: z.optional(z.string()),
  // Left empty, the account opens at zero.
  openingBalance: z.optional(signedCentsField(ACCOUNTS_MESSAGES.balanceInvalid, (cents) => Math.abs(cents) <= MAX_OPENING_CENTS)),
  openingDate: z.string({ error: ACCOUNTS_MESSAGES.dateInvalid }).check(z.refine(isIsoDate, { error: ACCOUNTS_MESSAGES.dateInvalid })),
});
