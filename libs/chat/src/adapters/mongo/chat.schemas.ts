import { Schema } from 'mongoose';
import { CHAT_MODES, CHAT_ROLES } from '@membolt/contracts';

export interface ConversationDocument {
  _id: string;
  userId: string;
  title: string;
  model: string | null;
  preview: string;
  messageCount: number;
  memoryIds: string[];
  shareToken?: string | null;
  sharedAt?: Date | null;
  /** Absent on conversations stored before scopes: the account's own. */
  endUserId?: string | null;
  agentId?: string | null;
  runId?: string | null;
  /** Messages removed one by one (messageCount stays the sequence counter). */
  removedMessages?: number;
  createdAt: Date;
  updatedAt: Date;
}

interface MessageMemoryDocument {
  id: string;
  text: string;
  importance: number;
  category: string | null;
  source: string;
}

export interface MessageDocument {
  _id: string;
  conversationId: string;
  userId: string;
  seq: number;
  role: string;
  content: string;
  createdAt: Date;
  model: string | null;
  responder: string | null;
  memories: MessageMemoryDocument[];
  mode: string;
  inputTokens: number;
  outputTokens: number;
}

export const conversationSchema = new Schema<ConversationDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    title: { type: String, required: true },
    model: { type: String, default: null },
    preview: { type: String, default: '' },
    messageCount: { type: Number, required: true },
    memoryIds: { type: [String], default: [] },
    shareToken: { type: String, default: null },
    sharedAt: { type: Date, default: null },
    endUserId: { type: String, default: null },
    agentId: { type: String, default: null },
    runId: { type: String, default: null },
    removedMessages: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'conversations', versionKey: false },
);
conversationSchema.index({ userId: 1, updatedAt: -1, _id: -1 });
conversationSchema.index({ userId: 1, endUserId: 1, updatedAt: -1, _id: -1 });
conversationSchema.index(
  { shareToken: 1 },
  { unique: true, partialFilterExpression: { shareToken: { $type: 'string' } } },
);

const messageMemorySchema = new Schema<MessageMemoryDocument>(
  {
    id: { type: String, required: true },
    text: { type: String, required: true },
    importance: { type: Number, required: true },
    category: { type: String, default: null },
    source: { type: String, required: true },
  },
  { _id: false },
);

export const messageSchema = new Schema<MessageDocument>(
  {
    _id: { type: String, required: true },
    conversationId: { type: String, required: true },
    userId: { type: String, required: true },
    seq: { type: Number, required: true },
    role: { type: String, required: true, enum: [...CHAT_ROLES] },
    content: { type: String, required: true },
    createdAt: { type: Date, required: true },
    model: { type: String, default: null },
    responder: { type: String, default: null },
    memories: { type: [messageMemorySchema], default: [] },
    mode: { type: String, required: true, enum: [...CHAT_MODES] },
    inputTokens: { type: Number, required: true },
    outputTokens: { type: Number, required: true },
  },
  { collection: 'chat_messages', versionKey: false },
);
messageSchema.index({ conversationId: 1, seq: 1 }, { unique: true });
messageSchema.index({ userId: 1 });
