import type { MemoryView, ResolvedProviderKey } from '@membolt/contracts';
import { DEFAULT_CPU_WORKER_LIMITS, TestClock } from '@membolt/platform';
import type { ChatSettings } from '../chat.options.js';
import { DEFAULT_LLM_CALL_POLICY } from '../providers/llm-provider.js';
import type { LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { FactLearningService } from '../services/fact-learning.service.js';
import { ModelCatalogueService } from '../services/model-catalogue.service.js';
import { InMemoryMemoryAccess } from './in-memory-memory-access.js';

/**
 * A learning scenario, in the shape of the learning bench's sets: messages a user sends in one conversation,
 * then keyword lists that must match an open memory (`open`), no open memory (`closed`), no memory at all
 * (`absent`), or a memory valid on a date (`as_of`). A keyword matches at the start of a word, in any case;
 * "a|b" accepts either.
 */
export interface LearningScenario {
  readonly id: string;
  readonly tags?: readonly string[];
  readonly messages: readonly string[];
  readonly open: readonly (readonly string[])[];
  readonly closed: readonly (readonly string[])[];
  readonly absent: readonly (readonly string[])[];
  readonly as_of?: readonly { readonly date: string; readonly keywords: readonly string[] }[];
}

export interface LearningScenarioResult {
  readonly id: string;
  /** Open, closed and absent all hold (as_of is counted apart, as the bench does). */
  readonly pass: boolean;
  readonly openOk: number;
  readonly closedOk: number;
  readonly absentOk: number;
  readonly asOfOk: number;
  /** What did not hold, one line each ("open [bristol]: missing"). */
  readonly failures: readonly string[];
  readonly openMemories: readonly string[];
  readonly closedMemories: readonly string[];
}

/** One keyword at the start of a word, in any case ("allerg" in "User is allergic"). */
function keywordMatches(keyword: string, text: string): boolean {
  const normalised = text.toLowerCase().replace(/\u2019/g, "'");
  return keyword
    .split('|')
    .map((alternative) => alternative.trim().toLowerCase())
    .filter(Boolean)
    .some((alternative) =>
      new RegExp(`(?<![\\p{L}\\p{N}])${alternative.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(
        normalised,
      ),
    );
}

const allMatch = (keywords: readonly string[], memory: MemoryView) =>
  keywords.every((keyword) => keywordMatches(keyword, memory.text));

/** The instant scenarios are told at: after every year the sets name. */
export const SCENARIO_START = Date.UTC(2026, 5, 15, 9, 0, 0);
const BETWEEN_MESSAGES_MS = 60_000;
const USER = 'scenario-user';

/** The chat's settings with no provider and the offline rules as the learner: what in-process runs of the learner use. */
export const RULES_ONLY: ChatSettings = {
  providers: [],
  modelMap: {},
  compatibleModels: [],
  compatibleContextWindow: 8192,
  defaultModelId: 'claude-3-7-sonnet',
  llmPolicy: DEFAULT_LLM_CALL_POLICY,
  webSearch: null,
  extraction: 'rules',
  worker: DEFAULT_CPU_WORKER_LIMITS,
};

/** No provider key for anyone: every model turn is answered offline. */
export const NO_PROVIDER_KEYS = { resolve: async (): Promise<readonly ResolvedProviderKey[]> => [] };

const noProviders: LlmProviderFactory = () => {
  throw new Error('The learning scenarios run the rules only');
};

/** What a user's messages taught, in process: the memories, and the clock they were learnt by. */
export interface LearntInProcess {
  readonly memory: InMemoryMemoryAccess;
  readonly clock: TestClock;
  readonly userId: string;
}

/**
 * Sends messages, in order, through the chat's learner (`FactLearningService.learn`, the rules) over an
 * in-memory memory service, a minute apart from SCENARIO_START.
 */
export async function learnInProcess(
  messages: readonly string[],
  label = 'scenario',
): Promise<LearntInProcess> {
  const clock = new TestClock(SCENARIO_START);
  const memory = new InMemoryMemoryAccess(clock);
  const learning = new FactLearningService(
    RULES_ONLY,
    memory,
    noProviders,
    clock,
    new ModelCatalogueService(RULES_ONLY, NO_PROVIDER_KEYS),
  );
  for (const [index, message] of messages.entries()) {
    await learning.learn({
      userId: USER,
      conversationId: `conversation-${label}`,
      conversationTitle: label,
      userMessageId: `message-${index + 1}`,
      userMessage: message,
      assistantMessage: '',
      model: RULES_ONLY.defaultModelId,
    });
    clock.advance(BETWEEN_MESSAGES_MS);
  }
  return { memory, clock, userId: USER };
}

/** Runs a scenario through the learner (`learnInProcess`) and checks its expectations like the bench does. */
export async function runLearningScenario(scenario: LearningScenario): Promise<LearningScenarioResult> {
  const { memory } = await learnInProcess(scenario.messages, scenario.id);
  const all = memory.all(USER);
  const open = all.filter((known) => memory.isOpen(known));
  const closed = all.filter((known) => !memory.isOpen(known));
  const failures: string[] = [];
  const label = (keywords: readonly string[]) => `[${keywords.join(', ')}]`;
  let openOk = 0;
  for (const keywords of scenario.open) {
    if (open.some((known) => allMatch(keywords, known))) openOk++;
    else failures.push(`open ${label(keywords)}: missing`);
  }
  let closedOk = 0;
  for (const keywords of scenario.closed) {
    if (!open.some((known) => allMatch(keywords, known))) closedOk++;
    else failures.push(`closed ${label(keywords)}: still open`);
  }
  let absentOk = 0;
  for (const keywords of scenario.absent) {
    if (!all.some((known) => allMatch(keywords, known))) absentOk++;
    else failures.push(`absent ${label(keywords)}: stored`);
  }
  let asOfOk = 0;
  for (const check of scenario.as_of ?? []) {
    if (memory.asOf(USER, `${check.date}T00:00:00.000Z`).some((known) => allMatch(check.keywords, known)))
      asOfOk++;
    else failures.push(`as_of ${check.date} ${label(check.keywords)}: missing`);
  }
  return {
    id: scenario.id,
    pass:
      openOk === scenario.open.length &&
      closedOk === scenario.closed.length &&
      absentOk === scenario.absent.length,
    openOk,
    closedOk,
    absentOk,
    asOfOk,
    failures,
    openMemories: open.map((known) => known.text),
    closedMemories: closed.map((known) => known.text),
  };
}

/** The bench's figures over a set: scenarios passed, and the share of each kind of expectation that held. */
export function summariseLearning(
  scenarios: readonly LearningScenario[],
  results: readonly LearningScenarioResult[],
): {
  passed: string;
  openRecall: string;
  closedPrecision: string;
  absentPrecision: string;
  asOfRecall: string;
} {
  const count = (pick: (s: LearningScenario) => number, got: (r: LearningScenarioResult) => number) => {
    const total = scenarios.reduce((sum, s) => sum + pick(s), 0);
    const ok = results.reduce((sum, r) => sum + got(r), 0);
    return `${total === 0 ? '1.000' : (ok / total).toFixed(3)} (${ok}/${total})`;
  };
  return {
    passed: `${results.filter((r) => r.pass).length}/${results.length}`,
    openRecall: count(
      (s) => s.open.length,
      (r) => r.openOk,
    ),
    closedPrecision: count(
      (s) => s.closed.length,
      (r) => r.closedOk,
    ),
    absentPrecision: count(
      (s) => s.absent.length,
      (r) => r.absentOk,
    ),
    asOfRecall: count(
      (s) => s.as_of?.length ?? 0,
      (r) => r.asOfOk,
    ),
  };
}
