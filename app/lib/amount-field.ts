import * as z from "zod/mini";
import { DEFAULT_CURRENCY } from "./currency";
import { parseAmountToCents, parseSignedAmountToCents, type Cents } from "./money";

/**
 * A form field holding a typed amount: text in, integer minor units of `currency` out, or `message` when the text is not
 * an amount or `accept` refuses it (a sign, a ceiling). Every form's amount is read by this one rule,
 * in the browser and on the server alike.
 */
export function centsField(message: string, accept: (cents: Cents) => boolean = () => true, currency = DEFAULT_CURRENCY) {
  return amountField((text) => parseAmountToCents(text, currency), message, accept);
}

/** The same for an amount that may be below zero ("-350.00": a balance owed). */
export function signedCentsField(message: string, accept: (cents: Cents) => boolean = () => true, currency = DEFAULT_CURRENCY) {
  return amountField((text) => parseSignedAmountToCents(text, currency), message, accept);
}

function amountField(parse: (text: string) => Cents | null, message: string, accept: (cents: Cents) => boolean) {
  return z.pipe(
    z.string({ error: message }),
    z.transform((value, context) => {
      const cents = parse(value);
      if (cents === null || !accept(cents)) {
        context.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return cents;
    }),
  );
}
