import { PORTAL_ACTIONS, type PortalAction } from '@membolt/contracts';
import { Schema } from 'mongoose';

export interface PortalSettingsDocument {
  /** The account's user id: one document per account. */
  _id: string;
  displayName: string | null;
  logoUrl: string | null;
  color: string | null;
  frameOrigins: string[];
  updatedAt: Date;
}

export const portalSettingsSchema = new Schema<PortalSettingsDocument>(
  {
    _id: { type: String, required: true },
    displayName: { type: String, default: null },
    logoUrl: { type: String, default: null },
    color: { type: String, default: null },
    frameOrigins: { type: [String], default: [] },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'portal_settings', versionKey: false },
);

export interface PortalAuditDocument {
  _id: string;
  userId: string;
  endUserId: string;
  action: PortalAction;
  memoryId: string | null;
  memoryCount: number | null;
  at: Date;
}

export const portalAuditSchema = new Schema<PortalAuditDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    endUserId: { type: String, required: true },
    action: { type: String, required: true, enum: [...PORTAL_ACTIONS] },
    memoryId: { type: String, default: null },
    memoryCount: { type: Number, default: null },
    at: { type: Date, required: true },
  },
  { collection: 'portal_audit', versionKey: false },
);
portalAuditSchema.index({ userId: 1, endUserId: 1, at: -1 });
portalAuditSchema.index({ userId: 1, at: -1 });
