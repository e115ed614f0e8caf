import { describe, expect, it } from '@jest/globals';
import type { WebhookEndpointView } from '@membolt/contracts';
import { isMem0WebhookEvent, toMem0Events, toMem0Webhook, toMemboltEvents } from './mem0-webhooks.js';

const endpoint = (overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  id: '6650f1c2a1b2c3d4e5f60720',
  url: 'https://hooks.example.com/mem0',
  events: ['memory.created'],
  description: 'Logger',
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T11:00:00.000Z',
  ...overrides,
});

describe('Mem0 webhook events and fields', () => {
  it('reads both spellings of Mem0’s events and maps each once', () => {
    expect(toMemboltEvents(['memory_add', 'memory:add', 'memory_update', 'memory:delete'])).toEqual([
      'memory.created',
      'memory.updated',
      'memory.deleted',
    ]);
  });

  it('knows no counterpart of memory_categorize or of anything else', () => {
    expect(isMem0WebhookEvent('memory_categorize')).toBe(false);
    expect(isMem0WebhookEvent('memory.created')).toBe(false);
    expect(isMem0WebhookEvent(7)).toBe(false);
    expect(isMem0WebhookEvent('memory:update')).toBe(true);
  });

  it('names Membolt’s events as Mem0 does, keeping Membolt’s name where Mem0 has none', () => {
    expect(toMem0Events(['memory.created', 'memory.closed', 'upload.completed', 'memory.deleted'])).toEqual([
      'memory_add',
      'memory.closed',
      'upload.completed',
      'memory_delete',
    ]);
  });

  it('answers an endpoint in Mem0’s shape, the description as its name and the account as its project', () => {
    expect(toMem0Webhook(endpoint({ enabled: false }), 'user-1')).toEqual({
      webhook_id: '6650f1c2a1b2c3d4e5f60720',
      name: 'Logger',
      url: 'https://hooks.example.com/mem0',
      event_types: ['memory_add'],
      is_active: false,
      project: 'user-1',
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T11:00:00.000Z',
    });
    expect(toMem0Webhook(endpoint({ description: null }), 'user-1').name).toBe('');
  });
});
