import { ApiProperty } from '@nestjs/swagger';
import {
  distinctTexts,
  optional,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from '@membolt/contracts';
import { z } from 'zod';
import { accepted, queryDoc, restQueryType } from '../common/rest-query.js';
import { isMem0WebhookEvent, MEM0_WEBHOOK_EVENTS } from './mem0-webhooks.js';

const MEM0_EVENT_NAMES = Object.keys(MEM0_WEBHOOK_EVENTS);

const EVENT_TYPES_NOT_A_LIST = 'event_types must be a list of event names';
const EVENT_TYPES_EMPTY = 'event_types must name at least one event';
const EVENT_TYPES_TOO_MANY = `event_types must contain no more than ${MEM0_EVENT_NAMES.length * 2} elements`;
const EVENT_TYPE_UNKNOWN =
  `each of event_types must be one of ${MEM0_EVENT_NAMES.join(', ')} (memory_categorize is not ` +
  'offered: a memory’s category is set when it is added)';

/**
 * `event_types`: Mem0's names, `memory_add` or `memory:add` (memory_categorize has no counterpart); the rules
 * in the order the class this replaces checked them. The name rule is checked on the value itself when it is
 * no list, as class-validator's `each` did.
 */
const mem0EventTypes = () =>
  z.unknown().transform((value, ctx) => {
    const problems = [
      ...(Array.isArray(value) ? [] : [EVENT_TYPES_NOT_A_LIST]),
      ...(!Array.isArray(value) || value.length < 1 ? [EVENT_TYPES_EMPTY] : []),
      ...(!Array.isArray(value) || value.length > MEM0_EVENT_NAMES.length * 2 ? [EVENT_TYPES_TOO_MANY] : []),
      ...((Array.isArray(value) ? value.every(isMem0WebhookEvent) : isMem0WebhookEvent(value))
        ? []
        : [EVENT_TYPE_UNKNOWN]),
    ];
    if (problems.length > 0) {
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
      return z.NEVER;
    }
    return value as string[];
  });

const NAME_NOT_A_STRING = 'name must be a string';
const NAME_TOO_LONG = `name must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`;
const webhookName = () =>
  optional(
    z
      .string({ error: distinctTexts(NAME_TOO_LONG, NAME_NOT_A_STRING) })
      .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, NAME_TOO_LONG),
  );
const isActive = () => optional(z.boolean({ error: 'is_active must be true or false' }));

const URL_DOC =
  'Where events are POSTed (http or https); private and loopback addresses are refused unless the operator ' +
  'allows them (README, Webhooks).';

/*
 * The url is passed on as it is: the webhook service checks it (and answers its own texts). The project Mem0
 * repeats in the body is accepted; the path's project is the one used.
 */
const createWebhook = {
  url: accepted().meta(
    queryDoc(Object, {
      required: true,
      type: String,
      description: URL_DOC,
      maxLength: WEBHOOK_URL_MAX_LENGTH,
    }),
  ),
  name: webhookName().meta(
    queryDoc(String, {
      description: 'Kept as the endpoint’s description.',
      maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH,
    }),
  ),
  event_types: optional(mem0EventTypes()).meta(
    queryDoc(Array, {
      type: [String],
      enum: MEM0_EVENT_NAMES,
      description: 'Mem0’s events (memory:add spelling too); absent: all three.',
    }),
  ),
  is_active: isActive().meta(
    queryDoc(Boolean, { default: true, description: 'false creates the endpoint paused.' }),
  ),
};
/** `POST /api/v1/webhooks/projects/{project_id}/` as mem0ai's createWebhook sends it. */
export const Mem0CreateWebhookBodySchema = z.strictObject({ ...createWebhook, project_id: accepted() });
export const Mem0CreateWebhookBody = restQueryType('Mem0CreateWebhookBody', createWebhook);
export type Mem0CreateWebhookBody = z.output<typeof Mem0CreateWebhookBodySchema>;

const updateWebhook = {
  url: accepted().meta(
    queryDoc(Object, { type: String, description: URL_DOC, maxLength: WEBHOOK_URL_MAX_LENGTH }),
  ),
  name: webhookName().meta(queryDoc(String, { maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })),
  event_types: optional(mem0EventTypes()).meta(
    queryDoc(Array, { type: [String], enum: MEM0_EVENT_NAMES, description: 'Replaces the events.' }),
  ),
  is_active: isActive().meta(
    queryDoc(Boolean, { description: 'true enables the endpoint again; false pauses it.' }),
  ),
};
/** `PUT /api/v1/webhooks/{webhook_id}/` as mem0ai's updateWebhook sends it. */
export const Mem0UpdateWebhookBodySchema = z.strictObject({ ...updateWebhook, project_id: accepted() });
export const Mem0UpdateWebhookBody = restQueryType('Mem0UpdateWebhookBody', updateWebhook);
export type Mem0UpdateWebhookBody = z.output<typeof Mem0UpdateWebhookBodySchema>;

export class Mem0WebhookResponse {
  @ApiProperty()
  webhook_id!: string;
  @ApiProperty({ description: 'The endpoint’s description.' })
  name!: string;
  @ApiProperty()
  url!: string;
  @ApiProperty({
    type: [String],
    description: 'Mem0’s names; events Mem0 has no name for keep Membolt’s (memory.closed, upload.*, …).',
  })
  event_types!: string[];
  @ApiProperty({ description: 'False when paused, or disabled after repeated failed deliveries.' })
  is_active!: boolean;
  @ApiProperty({ description: 'The project: the key’s account (the project_id of ping).' })
  project!: string;
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
}

export class Mem0CreatedWebhookResponse extends Mem0WebhookResponse {
  @ApiProperty({
    description: 'The signing secret (whsec_…), shown this once; deliveries are signed with it.',
  })
  secret!: string;
}

export class Mem0WebhookChangedResponse extends Mem0WebhookResponse {
  @ApiProperty({ example: 'Webhook updated successfully' })
  message!: string;
}
