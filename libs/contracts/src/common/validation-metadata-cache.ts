import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];

const installed = new WeakSet<MetadataStorage>();

/**
 * Memoises class-validator's per-class rule lookup. `validateSync` asks the storage for a class's rules on
 * every call (and for every nested object), and the storage answers by filtering the rules of the class and
 * then testing the class against every class that registered a rule (`prototype instanceof`), several
 * hundred in this product: the lookup was the largest single frame of validation in the search and GraphQL
 * profiles (decision 180). Rules register only when a class is defined, so a lookup's answer stays right
 * until the next registration; any registration (a rule or a custom constraint) empties the memo. The
 * answer is the storage's own array, which class-validator only reads.
 */
export function memoiseValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (installed.has(storage)) return;
  installed.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  // Per class, then per (schema, always, strictGroups, groups): a class is validated with one set of options.
  let memo = new WeakMap<object, Map<string, ReturnType<Lookup>>>();
  const forget = <A extends unknown[]>(method: (...args: A) => void) =>
    function (this: MetadataStorage, ...args: A): void {
      memo = new WeakMap();
      method.apply(this, args);
    };
  storage.addValidationMetadata = forget(storage.addValidationMetadata);
  storage.addConstraintMetadata = forget(storage.addConstraintMetadata);
  // The executor groups a class's rules by field on every call; the memoised rules are one array per
  // class, so their grouping is kept beside them (a new array, after a registration, is grouped anew).
  const group = storage.groupByPropertyName.bind(storage);
  const grouped = new WeakMap<object, ReturnType<MetadataStorage['groupByPropertyName']>>();
  storage.groupByPropertyName = (rules) => {
    let byField = grouped.get(rules);
    if (byField === undefined) {
      byField = group(rules);
      grouped.set(rules, byField);
    }
    return byField;
  };
  storage.getTargetValidationMetadatas = (target, targetSchema, always, strictGroups, groups) => {
    if (typeof target !== 'function') return lookup(target, targetSchema, always, strictGroups, groups);
    let perTarget = memo.get(target);
    if (perTarget === undefined) {
      perTarget = new Map();
      memo.set(target, perTarget);
    }
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0000')}`;
    let rules = perTarget.get(key);
    if (rules === undefined) {
      rules = lookup(target, targetSchema, always, strictGroups, groups);
      perTarget.set(key, rules);
    }
    return rules;
  };
}
