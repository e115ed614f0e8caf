import { compiledWorkerScript, type CpuWorkerLimits, CpuWorkerThread } from '@membolt/platform';
import { type Prompt, type PromptInput, untrimmedPrompt } from '../domain/prompt.js';
import type { CandidateFact } from '../extraction/fact.js';
import { statesNothing } from '../extraction/rule-fact-extractor.js';
import type { PromptBuilder } from '../ports/prompt-builder.js';
import type { RuleFacts } from '../ports/rule-facts.js';
import type { ChatTask, ChatTaskAnswer } from './chat-task.js';

/** The chat service's worker thread. */
export const CHAT_WORKER = Symbol('CHAT_WORKER');

/**
 * How far below the serving event loop the thread runs: most of its work is the learning job of a turn already
 * answered, which may wait while a core is wanted for the next turn; on an idle core it runs at full speed.
 */
export const CHAT_WORKER_NICENESS = 10;

/**
 * How long the thread (compromise, chrono and the tokenizer loaded: tens of MB) is kept after a task when the
 * idle setting is longer: a user who goes on chatting within it finds the rules loaded, and the memory of one
 * exchange goes back within the minute after it.
 */
export const CHAT_WORKER_KEPT_AFTER_TASK_MS = 30_000;

/**
 * The chat service's CPU work on a worker thread with a heap cap and a deadline (CHAT_WORKER_MEMORY_MB,
 * CHAT_WORKER_TIMEOUT_SECONDS), ended when idle: the offline rules of a chat turn or a file, and the prompt
 * of a model turn that must be trimmed to fit. The loop that answers requests never loads or runs compromise,
 * chrono or the tokenizer.
 */
export class ChatWorker implements RuleFacts, PromptBuilder {
  private readonly thread: CpuWorkerThread<ChatTask, ChatTaskAnswer>;

  constructor(
    limits: CpuWorkerLimits,
    script: string = compiledWorkerScript(import.meta.url, './chat.worker.js'),
    private readonly keptAfterTaskMs: number = CHAT_WORKER_KEPT_AFTER_TASK_MS,
  ) {
    this.thread = new CpuWorkerThread(
      script,
      {
        name: 'The chat worker',
        memorySetting: 'CHAT_WORKER_MEMORY_MB',
        timeoutSetting: 'CHAT_WORKER_TIMEOUT_SECONDS',
      },
      { niceness: CHAT_WORKER_NICENESS, ...limits },
    );
  }

  async extract(texts: readonly string[], now: Date): Promise<CandidateFact[][]> {
    // A plain question ("Which cities did I visit?"), most of what is said in a chat, states nothing: answered
    // here without waking the thread (and loading compromise into it after it idled out).
    const toRead = texts.map((text) => !statesNothing(text));
    const read = texts.filter((_, index) => toRead[index]);
    if (read.length === 0) return texts.map(() => []);
    const answer = await this.thread.run(
      { kind: 'facts', texts: read, now: now.toISOString() },
      `Fact extraction of ${read.length} texts`,
      this.keptAfterTaskMs,
    );
    if (answer.kind !== 'facts') throw new Error('The chat worker answered another task');
    let next = 0;
    return toRead.map((reads) => (reads ? (answer.facts[next++] ?? []) : []));
  }

  async build(input: PromptInput): Promise<Prompt> {
    // A prompt that fits by its byte count needs no tokenizer: built here in microseconds, where the thread
    // would cost a round trip (milliseconds on a loaded machine) and may be busy with a learning job's rules.
    const untrimmed = untrimmedPrompt(input);
    if (untrimmed) return untrimmed;
    const answer = await this.thread.run(
      { kind: 'prompt', input },
      'The prompt of a turn',
      this.keptAfterTaskMs,
    );
    if (answer.kind !== 'prompt') throw new Error('The chat worker answered another task');
    return answer.prompt;
  }

  /** Whether a thread is running now (started by a task, not yet ended). */
  get running(): boolean {
    return this.thread.running;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
