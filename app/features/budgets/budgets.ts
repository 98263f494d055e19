export const BUDGET_INTENTS = { setMonthBudget: "set-budget" } as const;

export const BUDGET_MESSAGES = {
  budgetRequired: "Please enter a budget amount",
  budgetInvalid: "Please enter a valid amount",
  budgetFailed: "Failed to update budget. Please try again.",
  budgetSet: (amount: string) => `Budget set to ${amount}`,
  monthInvalid: "Please choose a valid month",
} as const;
