import { Schema } from 'mongoose';
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from '../../domain/subscription.js';

export interface PlanDocument {
  _id: string;
  kind: string;
  name: string;
  description: string;
  monthlyPriceCents: number | null;
  conversationsPerMonth: number | null;
  retentionDays: number | null;
  ratePerCallCents: number | null;
  features: string[];
  callToAction: string;
  highlighted: boolean;
  sortOrder: number;
}

export interface SettingDocument {
  _id: string;
  value: unknown;
}

export const planSchema = new Schema<PlanDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: ['subscription', 'pay-per-use'] },
    name: { type: String, required: true },
    description: { type: String, required: true },
    monthlyPriceCents: { type: Number, default: null },
    conversationsPerMonth: { type: Number, default: null },
    retentionDays: { type: Number, default: null },
    ratePerCallCents: { type: Number, default: null },
    features: { type: [String], required: true },
    callToAction: { type: String, required: true },
    highlighted: { type: Boolean, required: true },
    sortOrder: { type: Number, required: true, index: true },
  },
  { collection: 'plans', versionKey: false },
);

export const settingSchema = new Schema<SettingDocument>(
  { _id: { type: String, required: true }, value: { type: Schema.Types.Mixed, required: true } },
  { collection: 'billing_settings', versionKey: false },
);

/** One document per user, keyed by the user id. The balance lives in the ledger. */
export interface SubscriptionDocument {
  _id: string;
  status: string;
  plan: string;
  rateCents: number;
  conversationsUsed: number;
  usageResetAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true, enum: [...SUBSCRIPTION_STATUSES] },
    plan: { type: String, required: true, enum: [...SUBSCRIPTION_PLANS] },
    rateCents: { type: Number, required: true, min: 0 },
    conversationsUsed: { type: Number, required: true, min: 0 },
    usageResetAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'subscriptions', versionKey: false },
);

/** One ledger entry; (userId, idempotencyKey) is unique. */
export interface LedgerDocument {
  _id: string;
  userId: string;
  seq: number;
  kind: string;
  amountCents: number;
  balanceAfterCents: number;
  description: string;
  idempotencyKey: string;
  createdAt: Date;
}

export const ledgerSchema = new Schema<LedgerDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    seq: { type: Number, required: true },
    kind: { type: String, required: true },
    amountCents: { type: Number, required: true },
    balanceAfterCents: { type: Number, required: true, min: 0 },
    description: { type: String, required: true },
    idempotencyKey: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'ledger', versionKey: false },
);
ledgerSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true });
ledgerSchema.index({ userId: 1, seq: -1 });

/**
 * The running sum of a user's ledger, moved by the same conditional `$inc` that admits an entry (MongoDB
 * has no multi-document transaction without a replica set): `cents >= 0` is the filter of every debit.
 */
export interface BalanceDocument {
  _id: string;
  cents: number;
  seq: number;
}

export const balanceSchema = new Schema<BalanceDocument>(
  {
    _id: { type: String, required: true },
    cents: { type: Number, required: true, min: 0 },
    seq: { type: Number, required: true },
  },
  { collection: 'balances', versionKey: false },
);

/** One `api_usage` entry, keyed `<userId>:<idempotencyKey>`. */
export interface UsageDocument {
  _id: string;
  userId: string;
  idempotencyKey: string;
  at: Date;
  endpoint: string;
  method: string;
  keyId: string | null;
  allowed: boolean | null;
  reason: string | null;
  chargedCents: number;
  conversation: boolean;
  tokens: number;
  tokenCostMicrocents: number;
  recorded: boolean;
  succeeded: boolean | null;
}

export const usageSchema = new Schema<UsageDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    idempotencyKey: { type: String, required: true },
    at: { type: Date, required: true },
    endpoint: { type: String, required: true },
    method: { type: String, required: true },
    keyId: { type: String, default: null },
    allowed: { type: Boolean, default: null },
    reason: { type: String, default: null },
    chargedCents: { type: Number, required: true },
    conversation: { type: Boolean, required: true },
    tokens: { type: Number, required: true },
    tokenCostMicrocents: { type: Number, required: true },
    recorded: { type: Boolean, required: true },
    succeeded: { type: Boolean, default: null },
  },
  { collection: 'api_usage', versionKey: false },
);
usageSchema.index({ userId: 1, at: 1 });
usageSchema.index({ userId: 1, keyId: 1, at: 1 });

export interface KeyCapDocument {
  _id: string;
  userId: string;
  keyId: string;
  capCents: number;
}

export const keyCapSchema = new Schema<KeyCapDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    keyId: { type: String, required: true },
    capCents: { type: Number, required: true, min: 0 },
  },
  { collection: 'key_spend_caps', versionKey: false },
);

export interface PaymentLinkDocument {
  /** The user's id: one link per user. */
  _id: string;
  provider: string;
  customerId: string | null;
  subscriptionId: string | null;
  updatedAt: Date;
}

export const paymentLinkSchema = new Schema<PaymentLinkDocument>(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    customerId: { type: String, default: null },
    subscriptionId: { type: String, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'payment_links', versionKey: false },
);
