import { ACCESS_REVOCATION_KINDS, type AccessRevocationKind } from '@membolt/contracts';
import { Schema } from 'mongoose';

export interface AccessRevocationDocument {
  /** `<kind>:<id>`: one document per revoked session or user. */
  _id: string;
  kind: AccessRevocationKind;
  targetId: string;
  expiresAt: Date;
}

export const accessRevocationSchema = new Schema<AccessRevocationDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: [...ACCESS_REVOCATION_KINDS] },
    targetId: { type: String, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { collection: 'access_revocations', versionKey: false },
);
