export { User, AUTH_PROVIDERS, type UserDocument } from "./user";
export { Credential } from "./credential";
export { Session } from "./session";
export { PasswordResetToken } from "./password-reset-token";
export { ContactSubmission } from "./contact-submission";
export { Transaction, type TransactionRecord } from "./transaction";
export { MonthSummary, monthSummaryId, type MonthSummaryRecord } from "./month-summary";
export { Budget, monthBudgetId, categoryBudgetsId } from "./budget";
export { ProcessedStripeEvent } from "./processed-stripe-event";
