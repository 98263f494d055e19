import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import type { FormSchema } from "~/components/ui/use-lazy-form";
import { SAVINGS_MESSAGES } from "./savings";
import { InitialSavingsSchema, NewGoalSchema, WithdrawalSchema } from "./schema";

/** A form posted with `fields`, parsed as the browser and the server do. */
function parse(schema: FormSchema, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema });
}

describe("the savings schemas", () => {
  test("initial savings: other characters stripped, empty is 0, missing or no amount refused", () => {
    expect(parse(InitialSavingsSchema, { initialSavings: "$1,200" })).toMatchObject({ status: "success", value: { initialSavings: 120000 } });
    expect(parse(InitialSavingsSchema, { initialSavings: "  " })).toMatchObject({ status: "success", value: { initialSavings: 0 } });
    const refused: Array<Record<string, string>> = [{ initialSavings: "abc" }, { initialSavings: "1.234" }, { initialSavings: "." }, {}];
    for (const fields of refused) {
      expect(parse(InitialSavingsSchema, fields), JSON.stringify(fields)).toMatchObject({ status: "error", error: { initialSavings: [SAVINGS_MESSAGES.initialInvalid] } });
    }
  });

  test("an amount above $1 billion is refused with the field's message", () => {
    expect(parse(NewGoalSchema, { name: "House", target: "1000000000" })).toMatchObject({ status: "success", value: { target: 100_000_000_000 } });
    expect(parse(NewGoalSchema, { name: "House", target: "1000000000.01" })).toMatchObject({ error: { target: [SAVINGS_MESSAGES.goalTargetInvalid] } });
    expect(parse(WithdrawalSchema, { amount: "1000000000.01" })).toMatchObject({ error: { amount: [SAVINGS_MESSAGES.withdrawalInvalid] } });
    expect(parse(InitialSavingsSchema, { initialSavings: "1000000000.01" })).toMatchObject({ error: { initialSavings: [SAVINGS_MESSAGES.initialInvalid] } });
  });
});
