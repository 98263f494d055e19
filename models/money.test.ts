import { Types } from "mongoose";
import { describe, expect, test } from "vitest";
import { createUser } from "../tests/factories";
import { useTestDatabase } from "../tests/setup/database";
import { Budget, categoryBudgetsId, monthBudgetId, User } from ".";

useTestDatabase();

describe("stored amounts are whole cents", () => {
  test("a new document with a fractional amount is refused", async () => {
    const userId = await createUser();
    const budget = { _id: monthBudgetId(userId, "2026-03"), userId: new Types.ObjectId(userId), kind: "month" as const, monthKey: "2026-03" };
    await expect(Budget.create({ ...budget, amount: 1050.5 })).rejects.toThrow(/amount must be a whole number of cents, got 1050.5/);
    await Budget.create({ ...budget, amount: 1050 });
    expect(await Budget.findById(budget._id).lean()).toMatchObject({ amount: 1050 });
  });

  test("updates are checked too, inside maps included", async () => {
    const userId = await createUser();
    const id = categoryBudgetsId(userId, "2026-03");
    const whole = { amount: 4000, userSet: true, carriedOver: false };
    await Budget.create({ _id: id, userId: new Types.ObjectId(userId), kind: "categories", monthKey: "2026-03", categories: { food: whole } });

    await expect(Budget.updateOne({ _id: id }, { $set: { "categories.food": { ...whole, amount: 0.5 } } })).rejects.toThrow(/whole number of cents/);
    await expect(User.updateOne({ _id: userId }, { $set: { "categories.food.budget": 12.5 } })).rejects.toThrow(/whole number of cents/);
    await expect(User.updateOne({ _id: userId }, { $set: { "savings.initialSavings": 0.1 } })).rejects.toThrow(/whole number of cents/);
    expect((await Budget.findById(id).lean())?.categories.food).toEqual(whole);
  });
});
