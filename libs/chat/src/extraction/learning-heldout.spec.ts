import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { type LearningScenario, runLearningScenario } from '../testing/learning-scenarios.js';

// Scenarios written apart from the ones the rules were tuned on (the learning bench's dev set), in the same
// shape: the learner is judged on sentences it was not written for.
const heldOut = JSON.parse(
  readFileSync(new URL('./testing/learning-heldout.json', import.meta.url), 'utf8'),
) as { scenarios: LearningScenario[] };

describe('the offline learner on the held-out scenarios (rules, reconciler, in process)', () => {
  it('holds at least thirty scenarios', () => {
    expect(heldOut.scenarios.length).toBeGreaterThanOrEqual(30);
  });

  it.each(heldOut.scenarios.map((scenario) => [scenario.id, scenario] as const))(
    '%s: learns what is open, closes what changed, learns nothing else',
    async (_id, scenario) => {
      const result = await runLearningScenario(scenario);
      expect({ failures: result.failures, open: result.openMemories, closed: result.closedMemories }).toEqual(
        {
          failures: [],
          open: result.openMemories,
          closed: result.closedMemories,
        },
      );
    },
  );
});
