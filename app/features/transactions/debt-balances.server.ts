import { Types } from "mongoose";
import { Debt } from "../../../models";
import { isObjectIdText } from "./ledger";

/** Moves each debt's `currentBalance` by its change (cents); a debt deleted since is skipped. */
export async function moveDebtBalances(userId: string, changes: Map<string, number>) {
  const userObjectId = new Types.ObjectId(userId);
  for (const [debtId, change] of changes) {
    if (isObjectIdText(debtId)) await Debt.updateOne({ _id: new Types.ObjectId(debtId), userId: userObjectId }, { $inc: { currentBalance: change } });
  }
}
