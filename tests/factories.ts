// Test data built through the app's own functions, so every factory-made
// record is one the app could have written itself. Each call makes a new,
// unique user; nothing is shared between tests.
import { randomUUID } from "node:crypto";
import { createEmailUser, upsertGoogleUser } from "~/features/auth/user.server";
import { setMonthBudget } from "~/features/budgets/budgets.server";
import { addDebt, type DebtInput } from "~/features/debts/debts.server";
import { addSavingsGoal, type SavingsGoalInput } from "~/features/savings/savings.server";
import { addCategory } from "~/features/categories/categories.server";
import { confirmImport, previewImport, saveUpload, type ImportChoicesInput } from "~/features/import/import.server";
import { createTransaction, type TransactionInput } from "~/features/transactions/transactions.server";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import type { AccountInput } from "~/features/accounts/accounts.server";
import { toCents, ZERO_CENTS, type Cents } from "~/lib/money";
import { User } from "../models";

export const TEST_PASSWORD = "Str0ng!Passw0rd";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A signed-up email user (default categories, a password of TEST_PASSWORD); resolves to the user id. */
export function createUser({ email = uniqueEmail(), password = TEST_PASSWORD }: { email?: string; password?: string } = {}) {
  return createEmailUser(email, password);
}

/** A user signed up with Google: no password to hash, so a test can make many; resolves to the user id. */
export async function createGoogleUser({ email = uniqueEmail("google") }: { email?: string } = {}) {
  const { userId } = await upsertGoogleUser({ googleId: randomUUID(), email, emailVerified: true, displayName: "", photoURL: null });
  return userId;
}

/** A category added as the user would add it; resolves to the stored category. */
export async function createCategory(userId: string, input: { name: string; type: "income" | "expense"; amount?: Cents }) {
  const change = await addCategory(userId, { amount: ZERO_CENTS, ...input });
  if (!change.ok) throw new Error(`createCategory refused: ${change.errors.join(", ")}`);
  return change.category;
}

/** A transaction written as the form writes it; defaults to a 12.00 grocery expense on 2026-03-05. */
export function createTransactionFor(userId: string, input: Partial<TransactionInput> = {}) {
  return createTransaction(userId, { type: "expense", amount: 1200, category: "food", date: "2026-03-05", description: "Groceries", ...input });
}

/** The month's budget set by the user (cents). */
export function createBudget(userId: string, monthKey: string, cents: Cents) {
  return setMonthBudget(userId, monthKey, cents);
}

/**
 * A bank file uploaded, previewed and imported as the import page does it
 * (`choices` as the user would pick them); resolves to the confirm result.
 */
export async function importBankFile(userId: string, content: string | Uint8Array, { fileName = "bank.csv", choices = {} }: { fileName?: string; choices?: ImportChoicesInput } = {}) {
  const draftId = await uploadBankFile(userId, content, fileName);
  const preview = await previewBankFile(userId, draftId, choices);
  return confirmImport(userId, draftId, choices, preview.fingerprint);
}

/** A bank file uploaded as the import page does it; resolves to its draft's id. */
export async function uploadBankFile(userId: string, content: string | Uint8Array, fileName = "bank.csv") {
  const upload = await saveUpload(userId, { fileName, bytes: typeof content === "string" ? new TextEncoder().encode(content) : content });
  if (!upload.ok) throw new Error(`the upload was refused: ${upload.error}`);
  return upload.draftId;
}

/** The preview of an uploaded bank file with `choices`; throws when it is not ready. */
export async function previewBankFile(userId: string, draftId: string, choices: ImportChoicesInput = {}) {
  const result = await previewImport(userId, draftId, choices);
  if (result.status !== "ready") throw new Error(`no preview: ${result.status}`);
  return result.preview;
}

/** A signed-up user with an active Premium subscription's access; resolves to the user id. */
export async function createPremiumUser() {
  const userId = await createGoogleUser();
  await User.updateOne({ _id: userId }, { $set: { premiumAccess: true } });
  return userId;
}

/** A debt added as the form adds it; defaults to a $1,000.00 card at 12% with a $100.00 minimum, not linked to an account. */
export async function createDebtFor(userId: string, input: Partial<DebtInput> = {}) {
  const change = await addDebt(userId, {
    name: "Visa",
    type: "credit_card",
    totalAmount: toCents(100000),
    currentBalance: toCents(100000),
    aprBasisPoints: 1200,
    minimumPayment: toCents(10000),
    dueDate: null,
    priority: "medium",
    description: "",
    ...input,
  });
  if (!change.ok) throw new Error(`createDebtFor refused: ${change.message}`);
  return change.debt;
}

/** An account added beside the main account (stored first, as the accounts page does); defaults to a 'Savings' savings account opening at 0 on 2026-01-01. */
export async function createAccountFor(userId: string, input: Partial<AccountInput> = {}) {
  const added = await addAccountBesideMain(userId, { name: "Savings", kind: "savings", onBudget: true, openingBalance: 0, openingDate: "2026-01-01", ...input }, "2026-01-01");
  if (!added.ok) throw new Error(added.message);
  return added.account;
}

/** A savings goal added as the savings form adds it; defaults to a $1,000.00 'Emergency Fund' due 2027-03-05, in no account. */
export async function createSavingsGoalFor(userId: string, input: Partial<SavingsGoalInput> = {}) {
  const added = await addSavingsGoal(userId, { name: "Emergency Fund", target: toCents(100000), deadline: "2027-03-05", ...input });
  if (!added.ok) throw new Error(`the savings goal was refused: ${added.reason}`);
  return added.goal;
}
