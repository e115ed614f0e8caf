// node tools/bench/refusal-texts.mjs <baseline libs/contracts/dist> [request name prefix] — the refusal texts of
// another build's contracts (e.g. a worktree of the commit before a conversion, built with
// `node tools/build-server.mjs libs/contracts`, its node_modules linked to this tree's) next to this tree's, on
// the payload table of tools/bench/support/refusal-cases.mjs: for each request, the same payload through both
// `validatePayload`s. Prints every payload answered differently (a refusal text, or an accepted value; an
// optional null read as absent is counted apart) and a table per request. Needs
// `node tools/build-server.mjs libs/contracts`. A comparison, not a test: the texts are pinned by the
// `*.wire-schema.spec.ts` files.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cases } from './support/refusal-cases.mjs';

const baselineDir = process.argv[2];
if (!baselineDir) {
  console.error('usage: node tools/bench/refusal-texts.mjs <baseline libs/contracts/dist> [request prefix]');
  process.exit(2);
}
const baseline = await import(pathToFileURL(resolve(baselineDir, 'index.js')).href);
const current = await import(new URL('../../libs/contracts/dist/index.js', import.meta.url).href);

const sorted = (value) =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted(value[key])]),
        )
      : value;
const outcome = (contracts, name, raw) => {
  try {
    return {
      ok: true,
      value: sorted(JSON.parse(JSON.stringify(contracts.validatePayload(contracts[name], raw)))),
    };
  } catch (error) {
    return { ok: false, text: error.message };
  }
};
const nullsAbsent = (value) =>
  JSON.parse(JSON.stringify(value, (key, field) => (field === null && key !== '' ? undefined : field)));

const only = process.argv[3];
const rows = [];
for (const [name, payloads] of Object.entries(cases)) {
  if (only && !name.startsWith(only)) continue;
  if (!baseline[name] || !current[name]) {
    console.log(`${name}: not in ${baseline[name] ? 'this tree' : 'the baseline'}`);
    continue;
  }
  const row = { request: name, payloads: payloads.length, refused: 0, same: 0, nullAbsent: 0, different: 0 };
  for (const raw of payloads) {
    const before = outcome(baseline, name, raw);
    const after = outcome(current, name, raw);
    if (!before.ok) row.refused++;
    const same =
      before.ok === after.ok &&
      (before.ok ? JSON.stringify(before.value) === JSON.stringify(after.value) : before.text === after.text);
    if (same) row.same++;
    else if (
      before.ok &&
      after.ok &&
      JSON.stringify(nullsAbsent(before.value)) === JSON.stringify(after.value)
    )
      row.nullAbsent++;
    else {
      row.different++;
      console.log(
        `${name} ${JSON.stringify(raw).slice(0, 200)}\n  baseline:  ${JSON.stringify(before).slice(0, 400)}\n  this tree: ${JSON.stringify(after).slice(0, 400)}`,
      );
    }
  }
  rows.push(row);
}
console.table(rows);
const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
console.log(
  `${total('payloads')} payloads, ${total('refused')} refused by the baseline; same ${total('same')}, ` +
    `an optional null now absent ${total('nullAbsent')}, different ${total('different')}`,
);
