import { Schema } from 'mongoose';
import { LLM_PROVIDER_IDS } from '@membolt/contracts';
import { API_KEY_PERMISSIONS } from '../../domain/api-key.js';

/** The `api_keys` collection (docs/requirements/rest-gateway.md, Shapes), with the secret replaced by its hash. */
export interface ApiKeyDocument {
  _id: string;
  userId: string;
  name: string;
  description: string | null;
  graphId: string | null;
  keyHash: string;
  displayPrefix: string;
  active: boolean;
  permissions: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  updatedAt: Date | null;
}

export const apiKeySchema = new Schema<ApiKeyDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, default: null },
    graphId: { type: String, default: null },
    keyHash: { type: String, required: true, unique: true },
    displayPrefix: { type: String, required: true },
    active: { type: Boolean, required: true },
    permissions: { type: [{ type: String, enum: [...API_KEY_PERMISSIONS] }], required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    updatedAt: { type: Date, default: null },
  },
  { collection: 'api_keys', versionKey: false },
);
apiKeySchema.index({ userId: 1, createdAt: -1 });

/** The `provider_keys` collection: users' language-model keys, the secret only sealed (AES-256-GCM). */
export interface ProviderKeyDocument {
  _id: string;
  userId: string;
  provider: string;
  sealedSecret: string;
  last4: string;
  baseUrl: string | null;
  createdAt: Date;
}

export const providerKeySchema = new Schema<ProviderKeyDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    provider: { type: String, required: true, enum: [...LLM_PROVIDER_IDS] },
    sealedSecret: { type: String, required: true },
    last4: { type: String, required: true },
    baseUrl: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'provider_keys', versionKey: false },
);
// One key per user and provider.
providerKeySchema.index({ userId: 1, provider: 1 }, { unique: true });
