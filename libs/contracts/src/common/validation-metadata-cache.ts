import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Rules = ReturnType<Storage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const CACHED = Symbol.for('membolt.validationMetadataCache');

/**
 * class-validator looks up a class's rules on every object it validates, nested ones included, by walking every
 * class it knows (`instanceof` against each) and filtering their rules, then grouping them by property: that
 * lookup was the largest single cost of validating an import line (decision 194). The rules of a class are
 * fixed once its decorators have run, so the lookup and the grouping are kept per class and options, and the
 * whole cache is dropped whenever a rule is registered (a class defined later, a schema added). The storage is
 * process-wide (class-validator keeps it on the global object), so this is installed once for every caller.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [CACHED]?: true };
  if (marked[CACHED]) return;
  marked[CACHED] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let rulesOf = new Map<unknown, Map<string, Rules>>();
  let groupedOf = new WeakMap<Rules, Grouped>();
  let handedOut = new WeakSet<Rules>();

  storage.addValidationMetadata = (metadata) => {
    rulesOf = new Map();
    groupedOf = new WeakMap();
    handedOut = new WeakSet();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = rulesOf.get(target);
    if (byOptions === undefined) rulesOf.set(target, (byOptions = new Map()));
    let rules = byOptions.get(key);
    if (rules === undefined) {
      rules = lookup(target, schema, always, strictGroups, groups);
      byOptions.set(key, rules);
      handedOut.add(rules);
    }
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    const known = groupedOf.get(rules);
    if (known !== undefined) return known;
    const grouped = group(rules);
    // Only the lists this cache handed out are kept: another caller's list may change after the call.
    if (handedOut.has(rules)) groupedOf.set(rules, grouped);
    return grouped;
  };
}
