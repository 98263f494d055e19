import * as z from "zod/mini";
import { centsField } from "~/lib/amount-field";
import { isIsoDate } from "~/lib/month";
import { FREQUENCIES } from "./occurrences";
import { RECURRING_MESSAGES, SCHEDULE_NAME_MAX_LENGTH } from "./recurring";

/** The largest amount a bill or paycheck may be: ten million. */
const MAX_SCHEDULE_CENTS = 1_000_000_000;

/**
 * The form of a recurring bill or paycheck (added by hand, or one kept edited), its amount read in
 * `currency` (the chosen account's). A checkbox is present when ticked.
 */
export const scheduleFormSchema = (currency: string) =>
  z.object({
    name: z
      .string({ error: RECURRING_MESSAGES.nameRequired })
      .check(z.trim(), z.minLength(1, { error: RECURRING_MESSAGES.nameRequired }), z.maxLength(SCHEDULE_NAME_MAX_LENGTH, { error: RECURRING_MESSAGES.nameTooLong })),
    type: z.enum(["income", "expense"], { error: RECURRING_MESSAGES.chooseType }),
    amount: centsField(RECURRING_MESSAGES.invalidAmount, (cents) => cents > 0 && cents <= MAX_SCHEDULE_CENTS, currency),
    frequency: z.enum(FREQUENCIES, { error: RECURRING_MESSAGES.chooseFrequency }),
    nextDate: z.string({ error: RECURRING_MESSAGES.invalidDate }).check(z.refine(isIsoDate, { error: RECURRING_MESSAGES.invalidDate })),
    accountId: z._default(z.string(), ""),
    category: z._default(z.string(), ""),
    remind: z.optional(z.string()),
    remindDaysBefore: z._default(
      z.string().check(z.trim(), z.refine((text) => /^\d{1,2}$/.test(text) && Number(text) <= 30, { error: RECURRING_MESSAGES.invalidDays })),
      "3",
    ),
  });

export type ScheduleFormValue = z.infer<ReturnType<typeof scheduleFormSchema>>;
