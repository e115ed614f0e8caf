import type { WebhookEndpointView, WebhookEventType } from '@membolt/contracts';

/*
 * Mem0's webhook events and Membolt's: the only place one is turned into the other. Mem0's API reference
 * writes them `memory:add`, its clients `memory_add`; both are read, the clients' spelling is answered.
 */

export const MEM0_WEBHOOK_EVENTS = {
  memory_add: 'memory.created',
  memory_update: 'memory.updated',
  memory_delete: 'memory.deleted',
} as const satisfies Record<string, WebhookEventType>;
export type Mem0WebhookEvent = keyof typeof MEM0_WEBHOOK_EVENTS;

/** Mem0's spelling of an event, either form: `memory_add` or `memory:add`. */
const mem0EventName = (value: unknown): string | null =>
  typeof value === 'string' ? value.replace(':', '_') : null;

export const isMem0WebhookEvent = (value: unknown): boolean => {
  const name = mem0EventName(value);
  return name !== null && Object.hasOwn(MEM0_WEBHOOK_EVENTS, name);
};

/** Mem0 event names as Membolt's events, each once. */
export function toMemboltEvents(events: readonly string[]): WebhookEventType[] {
  const mapped = events.map((event) => MEM0_WEBHOOK_EVENTS[mem0EventName(event) as Mem0WebhookEvent]);
  return [...new Set(mapped)];
}

/**
 * Membolt's events as Mem0 names them; an event Mem0 has no name for (memory.closed, uploads, the
 * subscription) keeps Membolt's name, so a list never hides what the endpoint receives.
 */
export function toMem0Events(events: readonly WebhookEventType[]): string[] {
  const names = Object.entries(MEM0_WEBHOOK_EVENTS);
  return events.map((event) => names.find(([, membolt]) => membolt === event)?.[0] ?? event);
}

export interface Mem0Webhook {
  readonly webhook_id: string;
  readonly name: string;
  readonly url: string;
  readonly event_types: string[];
  readonly is_active: boolean;
  readonly project: string;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A Membolt endpoint as Mem0's webhook: its description is the name; the project is the account. */
export function toMem0Webhook(view: WebhookEndpointView, projectId: string): Mem0Webhook {
  return {
    webhook_id: view.id,
    name: view.description ?? '',
    url: view.url,
    event_types: toMem0Events(view.events),
    is_active: view.enabled,
    project: projectId,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  };
}
