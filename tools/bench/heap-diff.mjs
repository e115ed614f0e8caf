// node --max-old-space-size=8192 tools/bench/heap-diff.mjs <before.heapsnapshot> <after.heapsnapshot> [--top N] [--retainers NAME]
// What a process's V8 heap holds more of after than before (two snapshots, e.g. `npm run bench:rss` with
// BENCH_RSS_HEAP_SNAPSHOTS=<dir>): objects by constructor (strings by their first characters), with the change
// in count and in self size, largest growth first. `--retainers NAME` also lists, in the later snapshot, what
// holds the objects of that constructor (the holder's type, name and the edge), so a growing Map or array can
// be traced to its owner.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const files = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const top = Number(option('top', 25));
const retainersOf = option('retainers', null);
if (files.length !== 2 || !Number.isInteger(top) || top < 1) {
  console.error(
    'usage: heap-diff.mjs <before.heapsnapshot> <after.heapsnapshot> [--top N] [--retainers NAME]',
  );
  process.exit(64);
}

function load(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snapshot.snapshot.meta;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const at = (field) => meta.node_fields.indexOf(field);
  return {
    snapshot,
    nodeFields,
    edgeFields,
    types,
    edgeTypes,
    type: at('type'),
    name: at('name'),
    size: at('self_size'),
    edges: at('edge_count'),
    edgeType: meta.edge_fields.indexOf('type'),
    edgeName: meta.edge_fields.indexOf('name_or_index'),
    edgeTo: meta.edge_fields.indexOf('to_node'),
  };
}

const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string']);

/** The group a node counts in: its constructor, or the first characters of a string. */
function groupOf(h, index) {
  const { nodes, strings } = h.snapshot;
  const type = h.types[nodes[index + h.type]];
  const name = strings[nodes[index + h.name]];
  if (STRING_TYPES.has(type)) return `(string) ${JSON.stringify(name.slice(0, 48))}`;
  return `${name} (${type})`;
}

function groups(h) {
  const out = new Map();
  const { nodes } = h.snapshot;
  for (let i = 0; i < nodes.length; i += h.nodeFields) {
    const key = groupOf(h, i);
    const entry = out.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += nodes[i + h.size];
    out.set(key, entry);
  }
  return out;
}

const [before, after] = files.map(load);
const [groupsBefore, groupsAfter] = [groups(before), groups(after)];
const total = (map) => [...map.values()].reduce((sum, g) => sum + g.bytes, 0);
const mb = (bytes) => `${(bytes / 1048576).toFixed(2)} MB`;
console.log(
  `heap: ${mb(total(groupsBefore))} in ${before.snapshot.snapshot.node_count} objects -> ${mb(total(groupsAfter))} in ${after.snapshot.snapshot.node_count}`,
);
const rows = [];
for (const [key, g] of groupsAfter) {
  const was = groupsBefore.get(key) ?? { count: 0, bytes: 0 };
  rows.push({ key, count: g.count - was.count, bytes: g.bytes - was.bytes, now: g.bytes });
}
for (const [key, was] of groupsBefore)
  if (!groupsAfter.has(key)) rows.push({ key, count: -was.count, bytes: -was.bytes, now: 0 });
rows.sort((a, b) => b.bytes - a.bytes);
console.log('\nGrowth by constructor (self size):');
for (const row of rows.slice(0, top))
  console.log(
    `${mb(row.bytes).padStart(11)}  ${String(row.count).padStart(8)} objects  (now ${mb(row.now)})  ${row.key}`,
  );

if (retainersOf) {
  const { nodes, edges, strings } = after.snapshot;
  const holders = new Map();
  let edgeIndex = 0;
  for (let i = 0; i < nodes.length; i += after.nodeFields) {
    const count = nodes[i + after.edges];
    for (let e = 0; e < count; e++, edgeIndex += after.edgeFields) {
      const to = edges[edgeIndex + after.edgeTo];
      if (!groupOf(after, to).startsWith(retainersOf)) continue;
      const edgeType = after.edgeTypes[edges[edgeIndex + after.edgeType]];
      if (edgeType === 'weak') continue;
      const raw = edges[edgeIndex + after.edgeName];
      const edgeName = edgeType === 'element' || edgeType === 'hidden' ? `[${edgeType}]` : strings[raw];
      // Every object's prototype and shape point at it: they hold it, but say nothing of who keeps it.
      if (edgeName === '__proto__' || edgeName === 'prototype' || edgeName === 'map') continue;
      const key = `${groupOf(after, i)} .${edgeName}`;
      holders.set(key, (holders.get(key) ?? 0) + 1);
    }
  }
  console.log(`\nHolders of ${retainersOf} (after):`);
  for (const [key, count] of [...holders.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${String(count).padStart(8)}  ${key}`);
}
