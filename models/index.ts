import { BankConnection, BankLink } from "./bank-connection";
import { Budget } from "./budget";
import { ContactSubmission } from "./contact-submission";
import { Debt, DebtPlan } from "./debt";
import { Credential } from "./credential";
import { ImportBatch, ImportDraft, ImportMapping } from "./import";
import { AiCircuit, InsightResult } from "./insight";
import { MonthSummary } from "./month-summary";
import { FinancialAssets, NetWorthSnapshot } from "./net-worth";
import { PasswordResetToken } from "./password-reset-token";
import { RateLimit } from "./rate-limit";
import { SavingsGoal } from "./savings";
import { ProcessedStripeEvent } from "./processed-stripe-event";
import { Session } from "./session";
import { Transaction } from "./transaction";
import { TwoFactor } from "./two-factor";
import { User } from "./user";

export { User, AUTH_PROVIDERS, type UserRecord } from "./user";
export { Credential } from "./credential";
export { Session, type SessionRecord } from "./session";
export { PasswordResetToken, type PasswordResetTokenRecord } from "./password-reset-token";
export { ContactSubmission } from "./contact-submission";
export { Transaction, type TransactionRecord } from "./transaction";
export { MonthSummary, monthSummaryId, type MonthSummaryRecord } from "./month-summary";
export { Budget, monthBudgetId, categoryBudgetsId, type BudgetRecord } from "./budget";
export { ProcessedStripeEvent } from "./processed-stripe-event";
export { RateLimit, RATE_LIMIT_COLLECTION } from "./rate-limit";
export { TwoFactor, type TwoFactorRecord } from "./two-factor";
export { Debt, DebtPlan, type DebtRecord, type DebtPlanRecord } from "./debt";
export { FinancialAssets, NetWorthSnapshot, netWorthSnapshotId, type FinancialAssetsRecord, type NetWorthSnapshotRecord } from "./net-worth";
export { SavingsGoal, type SavingsGoalRecord } from "./savings";
export { InsightResult, AiCircuit, insightResultId, type InsightResultRecord } from "./insight";
export { BankConnection, BankLink, type BankConnectionRecord, type BankLinkRecord } from "./bank-connection";
export { ImportDraft, ImportBatch, ImportMapping, type ImportDraftRecord, type ImportBatchRecord, type ImportMappingRecord } from "./import";

/** Every model, for whatever must touch them all (index builds, benchmarks, test clean-up). */
export const allModels = [User, Credential, Session, PasswordResetToken, ContactSubmission, Transaction, MonthSummary, Budget, ProcessedStripeEvent, ImportDraft, ImportBatch, ImportMapping, RateLimit, TwoFactor, Debt, DebtPlan, FinancialAssets, NetWorthSnapshot, SavingsGoal, InsightResult, AiCircuit, BankConnection, BankLink];
