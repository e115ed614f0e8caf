// The entry of the chat service's worker thread (see chat-worker.ts). The offline rules parse text with
// compromise and chrono, and a prompt is trimmed by gpt-tokenizer's count: each takes hundreds of
// milliseconds to load (and tens of MB), so the serving event loop only posts inputs and reads answers.
// The subpath, not the lib's index: a thread loads no more than it runs.
import { serveCpuTasks } from '@membolt/platform/workers';
import { promptByTokenCount } from '../domain/prompt.js';
import { extractFactsByRules } from '../extraction/rule-fact-extractor.js';
import type { ChatTask, ChatTaskAnswer } from './chat-task.js';

serveCpuTasks((task: ChatTask): ChatTaskAnswer => {
  switch (task.kind) {
    case 'facts': {
      const now = new Date(task.now);
      return { kind: 'facts', facts: task.texts.map((text) => extractFactsByRules(text, now)) };
    }
    case 'prompt':
      // The calling thread built the prompt itself when it fitted untrimmed (ChatWorker.build).
      return { kind: 'prompt', prompt: promptByTokenCount(task.input) };
  }
});
