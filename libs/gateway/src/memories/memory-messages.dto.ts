import {
  optional,
  FACT_EXTRACTORS,
  LearnedFactEventView,
  LearnedFromMessagesView,
  LearningJobView,
  LEARNING_JOB_STATES,
  MEMORY_MESSAGE_ROLES,
  MEMORY_MESSAGES_METADATA_MAX_LENGTH,
  MEMORY_MESSAGES_MAX,
  MEMORY_MESSAGES_TEXT_MAX_LENGTH,
  MEMORY_TEXT_MAX_LENGTH,
  type LearnedFactEvent,
  type MemoryMessageRole,
} from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectTypeOf } from '../common/rest-object-type.js';
import { queryDoc, restQueryType } from '../common/rest-query.js';
import { MEMORY_SCOPE_QUERY_FIELDS, MemoryResponse } from './memory.dto.js';
import { restFlag, restMetadata, restTime } from './memory-rest.validators.js';

/*
 * `POST /api/user/{userId}/memories` with `messages` (learn from a conversation) instead of `text`: the body,
 * its checks and its answer.
 */

export interface MessageBody {
  readonly role: MemoryMessageRole;
  readonly content: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a `messages` value (after a string became one user message), or null. */
function messagesProblem(value: unknown): string | null {
  if (typeof value === 'string') return 'messages must not be empty';
  if (!Array.isArray(value)) return 'messages must be a list of {role, content} objects or a string';
  if (value.length === 0) return 'messages must hold at least 1 message';
  if (value.length > MEMORY_MESSAGES_MAX) return `messages must hold at most ${MEMORY_MESSAGES_MAX} messages`;
  let characters = 0;
  for (const [index, message] of value.entries()) {
    const at = `messages[${index}]`;
    if (!isPlainObject(message)) return `${at} must be an object with role and content`;
    const unknown = Object.keys(message).find((key) => key !== 'role' && key !== 'content');
    if (unknown !== undefined) return `${at}.${unknown} should not exist`;
    if (!(MEMORY_MESSAGE_ROLES as readonly unknown[]).includes(message['role'])) {
      return `${at}.role must be one of: ${MEMORY_MESSAGE_ROLES.join(', ')}`;
    }
    const content = message['content'];
    if (typeof content !== 'string') return `${at}.content must be a string`;
    if (!content.trim()) return `${at}.content must not be empty`;
    if (content.length > MEMORY_TEXT_MAX_LENGTH) {
      return `${at}.content must be at most ${MEMORY_TEXT_MAX_LENGTH} characters`;
    }
    characters += content.length;
  }
  if (characters > MEMORY_MESSAGES_TEXT_MAX_LENGTH) {
    return `messages must hold at most ${MEMORY_MESSAGES_TEXT_MAX_LENGTH} characters in all`;
  }
  return null;
}

/** `messages`: a list of {role, content}, or one string (one message of the user). */
const messagesField = () =>
  z.unknown().transform((raw, ctx) => {
    const value = typeof raw === 'string' && raw.trim() ? [{ role: 'user', content: raw }] : raw;
    const problem = messagesProblem(value);
    if (problem !== null) {
      ctx.issues.push({ code: 'custom', message: problem, input: raw });
      return z.NEVER;
    }
    return value as MessageBody[];
  });

const addMessagesBody = {
  messages: messagesField().meta(
    queryDoc(Array, {
      description:
        'The conversation to learn from, oldest first: {role, content} objects (role user, assistant or system), ' +
        `or one string (a message of the user). At most ${MEMORY_MESSAGES_MAX} messages, ` +
        `${MEMORY_TEXT_MAX_LENGTH} characters each and ${MEMORY_MESSAGES_TEXT_MAX_LENGTH} in all.`,
      oneOf: [
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['role', 'content'],
            properties: {
              role: { type: 'string', enum: [...MEMORY_MESSAGE_ROLES] },
              content: { type: 'string' },
            },
          },
        },
        { type: 'string' },
      ],
      example: [
        { role: 'user', content: 'Hi, I am Dana. I live in Paris and work at Acme.' },
        { role: 'assistant', content: 'Nice to meet you, Dana!' },
      ],
    }),
  ),
  infer: restFlag().meta(
    queryDoc(Boolean, {
      default: true,
      description:
        'true: the facts the user states are extracted (by the language model when one is reachable for the ' +
        'account, else by the offline rules) and reconciled with the scope’s open memories: added, updated, ' +
        'skipped as known, or a contradicted fact closed with valid_to. false: each user and assistant message is ' +
        'stored as it is (system messages are not).',
    }),
  ),
  async: restFlag().meta(
    queryDoc(Boolean, {
      default: false,
      description:
        'true (with infer): answer 202 at once with a job id; the learning runs as a durable job and its result, ' +
        'the same events a synchronous call answers, is read at GET …/memories/jobs/{job_id}. An ' +
        '`Idempotency-Key` header makes a repeated call answer the job already queued.',
    }),
  ),
  dedupe: restFlag().meta(
    queryDoc(Boolean, {
      default: true,
      description:
        'With infer=false: a message whose words an open memory of the scope already holds (case, spacing and ' +
        'punctuation aside) is not stored again; its event is NOOP with that memory. false stores every message. ' +
        'With infer the reconciliation always skips known facts.',
    }),
  ),
  metadata: restMetadata()
    .optional()
    .meta(
      queryDoc(Object, {
        description:
          'A JSON object (or a string holding one) added to the metadata of every memory stored; at most ' +
          `${MEMORY_MESSAGES_METADATA_MAX_LENGTH} characters as JSON (each memory adds its own fields).`,
        oneOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
      }),
    ),
  expiration_date: optional(restTime()).meta(
    queryDoc(String, {
      format: 'date-time',
      example: '2027-01-31',
      description:
        'When every memory this call adds expires: after it they are hidden from every read and the retention ' +
        'sweep deletes them. Memories it only updates, closes or finds known keep their own expiration.',
    }),
  ),
};
/** `POST /api/user/{userId}/memories` with `messages`: learn the facts they state, or store them as given. */
export const AddMessagesBodySchema = z.strictObject({ ...addMessagesBody, ...MEMORY_SCOPE_QUERY_FIELDS });
export const AddMessagesBody = restQueryType('AddMessagesBody', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...addMessagesBody,
});
export type AddMessagesBody = z.output<typeof AddMessagesBodySchema>;

/** Whether a create body is a `messages` add (the field is present, whatever its value). */
export const isMessagesBody = (raw: unknown): boolean => isPlainObject(raw) && Object.hasOwn(raw, 'messages');

// ---------------------------------------------------------------------------------------------- answers

type FactExtractor = (typeof FACT_EXTRACTORS)[number];
type LearningJobState = (typeof LEARNING_JOB_STATES)[number];

/*
 * What learning answers: the contract's views (chat.views.ts) under snake_case names. Written here only what
 * REST shows otherwise: an event's memory id and text beside the memory, the events as `results` with their
 * count, `extracted_by` null for a verbatim store (infer=false), and a job's `status` and `status_url`.
 */
const eventFields = LearnedFactEventView.unwrap().shape;
export const LearnedEventResponse = restObjectTypeOf<{
  id: string;
  event: LearnedFactEvent;
  text: string;
  previous_text: string | null;
  memory: MemoryResponse;
}>(
  'LearnedEventResponse',
  z.object({
    id: z.string().meta({
      rest: {
        description: 'The memory the event is about.',
        example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73',
      },
    }),
    event: eventFields.event,
    text: z.string().meta({
      rest: { description: 'The memory’s text after the event.', example: 'User lives in Vienna.' },
    }),
    previousText: restExample(eventFields.previousText, null),
    memory: eventFields.memory.meta({ rest: { description: 'The whole memory after the event.' } }),
  }),
  { types: { memory: () => MemoryResponse } },
);
export type LearnedEventResponse = InstanceType<typeof LearnedEventResponse>;

const learnedFields = LearnedFromMessagesView.unwrap().shape;
export const LearnedMemoriesResponse = restObjectTypeOf<{
  results: LearnedEventResponse[];
  extracted_by: FactExtractor | null;
  count: number;
}>(
  'LearnedMemoriesResponse',
  z.object({
    results: learnedFields.events.meta({ rest: { description: 'Each event in order.' } }),
    extractedBy: learnedFields.extractedBy.nullable().meta({
      rest: {
        description: 'Who read the facts: the language model or the offline rules; null with infer=false.',
      },
    }),
    count: z.int().meta({ rest: { example: 2 } }),
  }),
  { types: { results: () => [LearnedEventResponse] } },
);
export type LearnedMemoriesResponse = InstanceType<typeof LearnedMemoriesResponse>;

const jobFields = LearningJobView.unwrap().shape;
export const LearningJobResponse = restObjectTypeOf<{
  job_id: string;
  status: LearningJobState;
  status_url: string;
  result: LearnedMemoriesResponse | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}>(
  'LearningJobResponse',
  z.object({
    jobId: jobFields.jobId,
    status: jobFields.state,
    statusUrl: z
      .string()
      .meta({ rest: { example: '/api/user/u1/memories/jobs/lrn_4f0c2d9a1b7e4e51a9c02d8f4b6e1a73' } }),
    result: jobFields.result.meta({
      rest: { description: 'Once done: what the synchronous call would have answered.' },
    }),
    error: jobFields.error,
    createdAt: jobFields.createdAt,
    updatedAt: jobFields.updatedAt,
  }),
  { types: { result: () => LearnedMemoriesResponse } },
);
export type LearningJobResponse = InstanceType<typeof LearningJobResponse>;
