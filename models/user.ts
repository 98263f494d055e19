import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

const AUTH_PROVIDERS = ["email", "google"] as const;

const colorsSchema = new Schema({ bg: String, text: String }, { _id: false });

/** One entry of the user's category map; amounts are integer cents. */
const categorySchema = new Schema(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    icon: { type: String, default: "" },
    colors: { type: colorsSchema, default: () => ({ bg: "bg-blue-100", text: "text-blue-600" }) },
    type: { type: String, enum: ["income", "expense"], required: true },
    order: { type: Number, default: 0, min: 0 },
    budget: { type: Number, default: 0, validate: wholeCents },
    expected: { type: Number, default: 0, validate: wholeCents },
    createdAt: { type: Date, default: () => new Date() },
    deleted: { type: Boolean, default: false },
    isDebt: Boolean,
    debtId: String,
    currentBalance: { type: Number, validate: wholeCents },
    payoffDate: String,
  },
  { _id: false },
);

/** A billing-period change waiting for the next renewal (a Stripe subscription schedule's next phase). */
const scheduledChangeSchema = new Schema(
  {
    interval: { type: String, enum: ["month", "year"], required: true },
    priceId: { type: String, required: true },
    effectiveAt: { type: Date, required: true },
  },
  { _id: false },
);

const subscriptionSchema = new Schema(
  {
    status: { type: String, default: null },
    plan: { type: String, default: "Premium" },
    interval: { type: String, enum: ["month", "year"], default: "month" },
    priceId: String,
    planId: String,
    subscriptionId: String,
    customerId: String,
    currentPeriodStart: Date,
    currentPeriodEnd: Date,
    cancelAtPeriodEnd: { type: Boolean, default: false },
    canceledAt: Date,
    scheduledChange: { type: scheduledChangeSchema, default: null },
    /** While a cancellation is pending: the plan change it set aside, scheduled again on resume. */
    changeOnResume: { type: scheduledChangeSchema, default: null },
    updatedAt: Date,
  },
  { _id: false },
);

/**
 * What the savings panel keeps on the user: the amount saved before tracking
 * began (cents) and the selected goal. Goals are documents of their own
 * (models/savings.ts) and withdrawals are ledger transactions (decisions 141, 142).
 */
const savingsSchema = new Schema(
  {
    initialSavings: { type: Number, default: 0, min: 0, validate: wholeCents },
    activeGoalId: { type: String, default: null },
    preferences: {
      notifications: {
        email: { type: Boolean, default: true },
        push: { type: Boolean, default: false },
        goalReminders: { type: Boolean, default: true },
      },
      privacy: { shareData: { type: Boolean, default: false } },
    },
  },
  { _id: false },
);

const userSchema = new Schema(
  {
    uid: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    displayName: { type: String, default: "" },
    photoURL: { type: String, default: null },
    emailVerified: { type: Boolean, default: false },
    lastLogin: { type: Date, default: null },
    authProvider: { type: String, enum: AUTH_PROVIDERS, required: true },
    googleId: { type: String, index: true },
    disabled: { type: Boolean, default: false },
    premiumAccess: { type: Boolean, default: false },
    /** Whether insights may be asked of the configured AI model; off keeps them on the local rules engine. */
    aiInsights: { type: Boolean, default: true },
    subscription: { type: subscriptionSchema, default: () => ({}) },
    currency: { type: String, default: "USD" },
    /** What the user earns a month (cents), for the debt-to-income ratio of "Your Money Picture". */
    monthlyIncome: { type: Number, default: 0, min: 0, validate: wholeCents },
    settings: {
      emailNotifications: { type: Boolean, default: true },
      pushNotifications: { type: Boolean, default: true },
    },
    categories: { type: Map, of: categorySchema, default: () => new Map() },
    savings: { type: savingsSchema, default: () => ({}) },
  },
  { timestamps: true },
);

userSchema.pre("validate", function setUid() {
  this.uid ||= this._id.toHexString();
});

// Webhooks that carry no user id are matched by the Stripe customer.
userSchema.index({ "subscription.customerId": 1 });

export type UserRecord = LeanOf<typeof userSchema>;

export const User = defineModel("User", userSchema);
