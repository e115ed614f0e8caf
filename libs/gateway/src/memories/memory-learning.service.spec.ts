import { describe, expect, it } from '@jest/globals';
import type { BusClient } from '@membolt/bus';
import {
  ChatSubjects,
  MemorySubjects,
  PrivacyError,
  PrivacyErrorCode,
  type ScreenTextsRequest,
} from '@membolt/contracts';
import { MemoryLearningService } from './memory-learning.service.js';
import type { AddMessagesBody } from './memory-messages.dto.js';

interface Sent {
  readonly subject: string;
  readonly payload: Record<string, unknown>;
}

/** A bus whose memory service redacts "4111…" wherever it is sent, or refuses it, and whose chat queues a job. */
function busScreening(mode: 'redact' | 'refuse'): { bus: BusClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const card = /4111 1111 1111 1111/g;
  const redact = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(card, '[card number]')
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redact(item)]))
        : value;
  const bus = {
    request: (subject: { name: string }, payload: Record<string, unknown>) => {
      sent.push({ subject: subject.name, payload });
      if (subject.name === MemorySubjects.screenTexts.name) {
        const request = payload as unknown as ScreenTextsRequest;
        if (mode === 'refuse' && card.test(JSON.stringify(request)))
          return Promise.reject(new PrivacyError(PrivacyErrorCode.SensitiveDataRefused, 'refused'));
        return Promise.resolve({
          texts: request.texts.map((text) => redact(text)),
          redactions: request.texts.map(() => []),
          ...(request.metadata !== undefined ? { metadata: redact(request.metadata) } : {}),
        });
      }
      return Promise.resolve({ id: 'job-1', status: 'queued' });
    },
  } as unknown as BusClient;
  return { bus, sent };
}

const asyncAdd = (): AddMessagesBody =>
  ({
    async: true,
    messages: [{ role: 'user', content: 'Pay with 4111 1111 1111 1111 please.' }],
    metadata: { note: 'card 4111 1111 1111 1111', nested: { again: '4111 1111 1111 1111' }, n: 3 },
  }) as AddMessagesBody;

describe('asynchronous adds are screened before the job is queued', () => {
  it('queues the messages and the metadata as the policy screened them, never the originals', async () => {
    const { bus, sent } = busScreening('redact');
    const outcome = await new MemoryLearningService(bus).add({}, asyncAdd());
    expect(outcome.kind).toBe('queued');
    expect(sent.map((call) => call.subject)).toEqual([
      MemorySubjects.screenTexts.name,
      ChatSubjects.queueLearnFactsFromMessages.name,
    ]);
    expect(sent[0]!.payload).toEqual({
      texts: ['Pay with 4111 1111 1111 1111 please.'],
      metadata: { note: 'card 4111 1111 1111 1111', nested: { again: '4111 1111 1111 1111' }, n: 3 },
    });
    const queued = sent[1]!.payload;
    expect(JSON.stringify(queued)).not.toContain('4111');
    expect(queued).toMatchObject({
      messages: [{ role: 'user', content: 'Pay with [card number] please.' }],
      metadata: { note: 'card [card number]', nested: { again: '[card number]' }, n: 3 },
    });
  });

  it('queues nothing when the policy refuses what the messages or metadata hold', async () => {
    const { bus, sent } = busScreening('refuse');
    const body = asyncAdd();
    body.messages = [{ role: 'user', content: 'Nothing to see.' }] as AddMessagesBody['messages'];
    await expect(new MemoryLearningService(bus).add({}, body)).rejects.toBeInstanceOf(PrivacyError);
    expect(sent.map((call) => call.subject)).toEqual([MemorySubjects.screenTexts.name]);
  });
});
