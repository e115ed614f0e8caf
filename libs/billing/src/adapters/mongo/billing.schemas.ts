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

/** One document per user, keyed by the user id. */
export interface SubscriptionDocument {
  _id: string;
  status: string;
  plan: string;
  balanceCents: number;
  rateCents: number;
  conversationsUsed: number;
  createdAt: Date;
  updatedAt: Date;
}

export const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true, enum: [...SUBSCRIPTION_STATUSES] },
    plan: { type: String, required: true, enum: [...SUBSCRIPTION_PLANS] },
    balanceCents: { type: Number, required: true, min: 0 },
    rateCents: { type: Number, required: true, min: 0 },
    conversationsUsed: { type: Number, required: true, min: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'subscriptions', versionKey: false },
);
