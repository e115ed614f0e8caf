import { describe, expect, it } from '@jest/globals';
import type { BusClient } from '@membolt/bus';
import { ChatSubjects, CommonErrorCode, MemboltError, type SpecialCategoriesView } from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { BusSpecialCategoryClassifier } from './bus-special-category-classifier.js';

type Answer = SpecialCategoriesView | Error;

/** A bus whose chat service answers each classification with the next answer given (or fails with it). */
function chatAnswering(answers: Answer[]) {
  const asked: Array<{ sentences: string[]; userId: string | undefined }> = [];
  const bus = {
    request: (subject: { name: string }, payload: { sentences: string[] }, options: { userId?: string }) => {
      expect(subject.name).toBe(ChatSubjects.classifySpecialCategories.name);
      asked.push({ sentences: payload.sentences, userId: options.userId });
      const answer = answers.shift() ?? {
        categories: payload.sentences.map(() => []),
        model: 'm',
        unavailable: null,
      };
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as unknown as BusClient;
  return { bus, asked };
}

const SENTENCES = ['I am in therapy', 'I like tea'];

describe('special categories through the chat service, offline when it cannot say', () => {
  it("answers the model's categories, asked for the writing account", async () => {
    const { bus, asked } = chatAnswering([{ categories: [['health'], []], model: 'm', unavailable: null }]);
    const classifier = new BusSpecialCategoryClassifier(bus, new TestClock());
    expect(await classifier.classify(SENTENCES, 'user-1')).toEqual([['health'], []]);
    expect(asked).toEqual([{ sentences: SENTENCES, userId: 'user-1' }]);
  });

  it('classifies offline when no model could say, and keeps asking on the next write', async () => {
    const { bus, asked } = chatAnswering([
      { categories: null, model: null, unavailable: 'no provider is configured for m' },
    ]);
    const classifier = new BusSpecialCategoryClassifier(bus, new TestClock());
    expect(await classifier.classify(SENTENCES, 'user-1')).toEqual([['health'], []]);
    await classifier.classify(SENTENCES, 'user-1');
    expect(asked).toHaveLength(2);
  });

  it('classifies offline when the chat service does not answer, and leaves it alone for a while', async () => {
    const clock = new TestClock();
    const { bus, asked } = chatAnswering([
      new MemboltError(CommonErrorCode.ServiceUnavailable, 'no answer within the deadline'),
    ]);
    const classifier = new BusSpecialCategoryClassifier(bus, clock);
    expect(await classifier.classify(SENTENCES, 'user-1')).toEqual([['health'], []]);
    expect(await classifier.classify(SENTENCES, 'user-1')).toEqual([['health'], []]);
    expect(asked).toHaveLength(1);
    clock.advance(31_000);
    await classifier.classify(SENTENCES, 'user-1');
    expect(asked).toHaveLength(2);
  });

  it('never fails the write: a refused request is classified offline too', async () => {
    const { bus } = chatAnswering([
      new MemboltError(CommonErrorCode.ValidationError, 'sentences must be shorter'),
    ]);
    const classifier = new BusSpecialCategoryClassifier(bus, new TestClock());
    expect(await classifier.classify(SENTENCES, 'user-1')).toEqual([['health'], []]);
  });

  it('sends a long text in batches of at most 100 sentences and 24,000 characters, answers in order', async () => {
    const { bus, asked } = chatAnswering([]);
    const classifier = new BusSpecialCategoryClassifier(bus, new TestClock());
    const many = Array.from({ length: 250 }, (_, index) => `Sentence ${index}`);
    expect(await classifier.classify(many, 'user-1')).toHaveLength(250);
    expect(asked.map((call) => call.sentences.length)).toEqual([100, 100, 50]);
    expect(asked[1]!.sentences[0]).toBe('Sentence 100');
    asked.length = 0;
    const long = ['a'.repeat(15_000), 'b'.repeat(15_000), 'c'.repeat(30_000), 'd'];
    await classifier.classify(long, 'user-1');
    expect(asked.map((call) => call.sentences.map((s) => s[0]))).toEqual([['a'], ['b'], ['c'], ['d']]);
  });
});
