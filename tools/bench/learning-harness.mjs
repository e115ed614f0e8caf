// In-process harness for the offline learner: a learning set's scenarios (learning-dev.json in
// BENCH_DATA_DIR, or the held-out fixture) through the chat's FactLearningService (the rules) over an
// in-memory memory service (libs/chat/dist/testing), scored like memory_quality.py's learning half: scenarios
// passed, open recall, closed precision, absent precision, as-of recall. Seconds, not the REST bench's minutes.
//
//   node tools/build-server.mjs libs/contracts libs/platform libs/chat
//   node tools/bench/learning-harness.mjs [--data PATH] [--failures]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDataFile, requireBenchData } from './support/bench-data.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { runLearningScenario, summariseLearning } = await import(
  join(ROOT, 'libs/chat/dist/testing/learning-scenarios.js')
);

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: benchDataFile('learning-dev.json') },
    failures: { type: 'boolean', default: false },
  },
});

const { scenarios } = JSON.parse(
  readFileSync(requireBenchData(args.data, 'learning-dev.json', '--data'), 'utf8'),
);
const results = [];
for (const scenario of scenarios) {
  const result = await runLearningScenario(scenario);
  results.push(result);
  if (args.failures && result.failures.length > 0) {
    console.log(`${result.id}: ${result.failures.join('; ')}`);
    console.log(`   open:   ${JSON.stringify(result.openMemories)}`);
    console.log(`   closed: ${JSON.stringify(result.closedMemories)}`);
  }
}
const summary = summariseLearning(scenarios, results);
console.log(`${args.data}`);
console.log(`scenarios passed  ${summary.passed}`);
console.log(`open recall       ${summary.openRecall}`);
console.log(`closed precision  ${summary.closedPrecision}`);
console.log(`absent precision  ${summary.absentPrecision}`);
console.log(`as-of recall      ${summary.asOfRecall}`);
