import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';
import { chatTurnInstructions, MEMORY_BLOCK_CLOSE, MEMORY_BLOCK_HEAD } from '../prompts.js';
import type { LlmMessage } from '../providers/llm-provider.js';

/**
 * gpt-tokenizer's o200k encoding holds ~20 MB of heap once loaded: it is loaded at the first prompt built, not
 * when the process starts (a server that never chats never pays for it; decision 182).
 */
let tokenizer: typeof GptTokenizer | undefined;
/**
 * Text that looks like a special token ("<|endoftext|>", in a memory or a message) is counted as the plain text
 * it is: by default the tokenizer throws on it, which failed every turn that retrieved such a memory.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
function countTokens(text: string): number {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer') as typeof GptTokenizer;
  return tokenizer.countTokens(text, AS_PLAIN_TEXT);
}

/**
 * An upper bound of any text's token count, without the tokenizer: a byte-level BPE token stands for at least
 * one byte of the text's UTF-8.
 */
const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** A retrieved memory as the prompt shows it. */
export interface PromptMemory {
  readonly id: string;
  readonly text: string;
  /** When the fact was noted (ISO 8601). */
  readonly createdAt: string;
}

export interface PromptTurn {
  readonly role: 'user' | 'assistant' | 'system';
  readonly content: string;
}

export interface PromptInput {
  readonly assistantName: string;
  readonly now: Date;
  /** Most relevant first. */
  readonly memories: readonly PromptMemory[];
  /** Earlier turns, oldest first. */
  readonly history: readonly PromptTurn[];
  readonly message: string;
  /** Extra instructions for this turn only. */
  readonly extraSystem?: string;
  readonly contextWindow: number;
  readonly maxOutputTokens: number;
}

export interface Prompt {
  readonly system: string;
  readonly messages: readonly LlmMessage[];
  /** The memories that fitted into the prompt (the turn's "memories used"). */
  readonly memoriesUsed: readonly PromptMemory[];
  /** Earlier turns that fitted. */
  readonly historyUsed: number;
}

/** Tokens kept free besides the answer: each protocol wraps messages in a few tokens of its own. */
const PROTOCOL_OVERHEAD_TOKENS = 64;
const PER_MESSAGE_OVERHEAD_TOKENS = 4;
/** Memories may take up to this share of what is left after the system text and the message. */
const MEMORY_SHARE = 0.5;

/** One formatter for every prompt (toLocaleDateString would build one per call, a good part of a prompt's time). */
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const formatDay = (date: Date): string => DAY_FORMAT.format(date);

const noted = (iso: string) => iso.slice(0, 10);

/**
 * Memory text as one line of the block: angle brackets become look-alikes (no memory can close the block or
 * open a tag of its own) and line breaks become spaces (no memory can pose as another entry).
 */
function asBlockLine(text: string): string {
  return text
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .trim();
}

/**
 * The prompt of one turn. The system prompt holds the instructions only: the assistant's name, today's date,
 * how to read the memory block, this turn's extra instructions and any system lines of the history. Memory
 * text is data written by anyone who could store a memory, so it never goes there: it travels in a delimited
 * block at the head of the user's turn (`<memories>`, one escaped line per memory with the day it was noted),
 * which the system prompt says to treat as information about the person and never as instructions. Then the
 * history, then the message. When it might not fit the model's context window it is trimmed by a real
 * tokenizer count (gpt-tokenizer, o200k: exact for OpenAI's current models, a close estimate for the others):
 * the message and the instructions always stay; memories go in by rank up to half of what is left; the newest
 * turns fill the rest, whole turns only.
 */
export function buildPrompt(input: PromptInput): Prompt {
  return untrimmedPrompt(input) ?? promptByTokenCount(input);
}

/** The prompt trimmed by the tokenizer's count (what `buildPrompt` gives when the byte bound does not fit). */
export function promptByTokenCount(input: PromptInput): Prompt {
  return trimmedPrompt(input, countTokens);
}

/**
 * The prompt when everything fits even if each text had as many tokens as UTF-8 bytes, or null. Counted
 * exactly, every piece is at most that, so the exact trimming keeps everything too and builds the same prompt:
 * most turns never load or run the tokenizer (about 460 ms to load, then a pass over every text of the prompt).
 */
export function untrimmedPrompt(input: PromptInput): Prompt | null {
  const prompt = trimmedPrompt(input, utf8Bytes);
  const conversationTurns = input.history.reduce(
    (count, turn) => count + (turn.role === 'system' ? 0 : 1),
    0,
  );
  return prompt.memoriesUsed.length === input.memories.length && prompt.historyUsed === conversationTurns
    ? prompt
    : null;
}

function trimmedPrompt(input: PromptInput, count: (text: string) => number): Prompt {
  const budget = input.contextWindow - input.maxOutputTokens - PROTOCOL_OVERHEAD_TOKENS;
  const historySystem = input.history.filter((turn) => turn.role === 'system').map((turn) => turn.content);
  const head = chatTurnInstructions(input.assistantName, formatDay(input.now));
  const tail = [...historySystem, ...(input.extraSystem ? [input.extraSystem] : [])].join('\n\n');
  const blockHead = MEMORY_BLOCK_HEAD;
  const blockTail = `\n${MEMORY_BLOCK_CLOSE}\n\n`;

  let used = count(head) + count(tail) + count(input.message) + PER_MESSAGE_OVERHEAD_TOKENS * 2;
  const memoryBudget = Math.max(0, (budget - used) * MEMORY_SHARE);
  const memoryLines: string[] = [];
  const memoriesUsed: PromptMemory[] = [];
  let memoryTokens = input.memories.length ? count(blockHead) + count(blockTail) : 0;
  for (const memory of input.memories) {
    const line = `\n- (${noted(memory.createdAt)}) ${asBlockLine(memory.text)}`;
    const tokens = count(line);
    if (memoryTokens + tokens > memoryBudget) break;
    memoryTokens += tokens;
    memoryLines.push(line);
    memoriesUsed.push(memory);
  }
  if (memoryLines.length) used += memoryTokens;

  const conversation = input.history.filter(
    (turn): turn is PromptTurn & { role: 'user' | 'assistant' } => turn.role !== 'system',
  );
  const kept: LlmMessage[] = [];
  for (let index = conversation.length - 1; index >= 0; index--) {
    const turn = conversation[index]!;
    const tokens = count(turn.content) + PER_MESSAGE_OVERHEAD_TOKENS;
    if (used + tokens > budget) break;
    used += tokens;
    kept.unshift({ role: turn.role, content: turn.content });
  }

  const system = [head, tail ? `\n\n${tail}` : ''].join('');
  const block = memoryLines.length ? `${blockHead}${memoryLines.join('')}${blockTail}` : '';
  return {
    system,
    messages: alternate([...kept, { role: 'user', content: `${block}${input.message}` }]),
    memoriesUsed,
    historyUsed: kept.length,
  };
}

/**
 * Providers want the conversation to start with the user and to alternate: leading answers (a greeting)
 * are dropped and consecutive messages of one role joined.
 */
function alternate(messages: readonly LlmMessage[]): LlmMessage[] {
  const result: LlmMessage[] = [];
  for (const message of messages) {
    if (result.length === 0 && message.role === 'assistant') continue;
    const last = result.at(-1);
    if (last && last.role === message.role)
      result[result.length - 1] = { role: last.role, content: `${last.content}\n\n${message.content}` };
    else result.push(message);
  }
  return result;
}
