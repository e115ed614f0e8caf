import { afterEach, describe, expect, it } from '@jest/globals';
import { CpuWorkerLimitError } from '@membolt/platform';
import { readdirSync, readFileSync } from 'node:fs';
import { buildPrompt, type PromptInput } from '../domain/prompt.js';
import { extractFactsByRules } from '../extraction/rule-fact-extractor.js';
import { CHAT_WORKER_NICENESS, ChatWorker } from './chat-worker.js';

// Runs the compiled worker (libs/chat/dist, written by `npm run build:server`), as the product does.
const NOW = new Date('2026-06-15T09:00:00.000Z');
const TEXTS = [
  'I moved from Leeds to Bristol. My sister Ana is a nurse.',
  'In 2023 I lived in Madrid.',
  'What is the weather like?',
];
const PROMPT: PromptInput = {
  assistantName: 'Membolt',
  now: NOW,
  memories: Array.from({ length: 40 }, (_, i) => ({
    id: `m${i}`,
    text: `User keeps note ${i} about the allotment by the canal.`,
    createdAt: '2026-06-01T08:00:00.000Z',
  })),
  history: [
    { role: 'user', content: 'Hello there.' },
    { role: 'assistant', content: 'Hello! How can I help?' },
  ],
  message: 'What do I grow?',
  contextWindow: 700,
  maxOutputTokens: 100,
};

/** The nice value of each thread of this process, by thread id (Linux). */
function threadNiceness(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
      // The 19th field, the 17th after the command's name.
      nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return nice;
}

describe('ChatWorker (the chat service CPU work on a worker thread)', () => {
  const made: ChatWorker[] = [];
  const make = (limits = { memoryMb: 256, timeoutMs: 60_000 }) => {
    const worker = new ChatWorker(limits);
    made.push(worker);
    return worker;
  };
  afterEach(async () => {
    await Promise.all(made.splice(0).map((worker) => worker.close()));
  });

  it('ends the thread once its task asked to be kept for, well before a longer idle setting', async () => {
    // An idle setting of an hour: only the task's own keep can end the thread within the test.
    const worker = new ChatWorker({ memoryMb: 256, timeoutMs: 60_000, idleMs: 3_600_000 }, undefined, 200);
    made.push(worker);
    await worker.extract(TEXTS.slice(0, 1), NOW);
    const ended = Date.now() + 30_000;
    while (worker.running && Date.now() < ended) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(worker.running).toBe(false);
  }, 60_000);

  it('answers the facts the rules give on the calling thread, text by text, read as of the given instant', async () => {
    const worker = make();
    expect(worker.running).toBe(false);
    const facts = await worker.extract(TEXTS, NOW);
    expect(facts).toEqual(TEXTS.map((text) => extractFactsByRules(text, NOW)));
    expect(facts[0]?.length).toBeGreaterThan(0);
    expect(facts[2]).toEqual([]);
    expect(worker.running).toBe(true);
    expect(await worker.extract([], NOW)).toEqual([]);
  });

  it('answers plain questions without starting the thread, and keeps each text in its place beside others', async () => {
    const worker = make();
    const questions = ['Which cities with good food did I visit?', "What's my dog's name?"];
    expect(await worker.extract(questions, NOW)).toEqual([[], []]);
    expect(worker.running).toBe(false);
    const mixed = [questions[0] ?? '', TEXTS[0] ?? '', questions[1] ?? '', TEXTS[1] ?? ''];
    const facts = await worker.extract(mixed, NOW);
    expect(facts).toEqual(mixed.map((text) => extractFactsByRules(text, NOW)));
    expect(facts[1]?.length).toBeGreaterThan(0);
    expect(facts[3]?.length).toBeGreaterThan(0);
    expect(worker.running).toBe(true);
  });

  it('builds the prompt the calling thread builds, trimmed to the same memories', async () => {
    const worker = make();
    const prompt = await worker.build(PROMPT);
    const inline = buildPrompt(PROMPT);
    expect(prompt).toEqual(inline);
    expect(worker.running).toBe(true);
    // The window is small on purpose: some memories are left out by the tokenizer's count.
    expect(prompt.memoriesUsed.length).toBeGreaterThan(0);
    expect(prompt.memoriesUsed.length).toBeLessThan(PROMPT.memories.length);
  });

  it('builds a prompt that fits untrimmed on the calling thread, without starting the thread', async () => {
    const worker = make();
    const small = { ...PROMPT, contextWindow: 128_000, maxOutputTokens: 4_096 };
    const prompt = await worker.build(small);
    expect(prompt).toEqual(buildPrompt(small));
    expect(prompt.memoriesUsed).toHaveLength(PROMPT.memories.length);
    expect(worker.running).toBe(false);
  });

  const linux = process.platform === 'linux' ? it : it.skip;
  linux('runs its thread below the priority of the thread that answers requests', async () => {
    const before = threadNiceness();
    const own = Number(before.get(process.pid));
    expect(Number.isInteger(own)).toBe(true);
    const worker = make();
    await worker.extract([TEXTS[1] ?? ''], NOW);
    const after = threadNiceness();
    const started = [...after].filter(([tid]) => !before.has(tid));
    expect(started.map(([, nice]) => nice)).toContain(Math.min(19, own + CHAT_WORKER_NICENESS));
    // The calling thread keeps its own.
    expect(after.get(process.pid)).toBe(own);
  });

  it('fails an extraction past its deadline with the setting to raise, and serves the next on a new thread', async () => {
    const worker = make({ memoryMb: 256, timeoutMs: 1 });
    const many = Array.from({ length: 2_000 }, (_, i) => `I moved to Lisbon in ${1900 + (i % 100)}.`);
    const late = worker.extract(many, NOW);
    await expect(late).rejects.toBeInstanceOf(CpuWorkerLimitError);
    await expect(late).rejects.toThrow(/deadline \(CHAT_WORKER_TIMEOUT_SECONDS\)/);
    const next = make();
    expect(await next.extract([TEXTS[1] ?? ''], NOW)).toEqual([extractFactsByRules(TEXTS[1] ?? '', NOW)]);
  }, 120_000);
});
