/**
 * Memory filters for list and search: Mem0's v2 filter syntax, so a Mem0 client's `filters` pass straight
 * through. Browser-safe (no class-validator, no Node imports): the gateway checks a request with it, the
 * memory service parses the bus field with it, and each store turns the typed tree into its own query.
 *
 * Syntax: a JSON object. `AND` and `OR` take arrays of filter objects; `NOT` takes an array and negates the
 * AND of its items. Any other key is a field: `{field: value}` is eq, `{field: {op: value}}` applies an
 * operator (several operators in one object are ANDed), `{field: "*"}` means the field is present (non-null),
 * `{field: null}` that it is absent. Several keys in one object are ANDed.
 */

/** The operators a field may take (besides `"*"` for presence). */
export const MEMORY_FILTER_OPERATORS = [
  'eq',
  'ne',
  'in',
  'nin',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'icontains',
] as const;
export type MemoryFilterOperator = (typeof MEMORY_FILTER_OPERATORS)[number];

/** The field names a filter may use; `metadata.<key>` names one metadata member. */
export const MEMORY_FILTER_FIELDS = [
  'created_at',
  'updated_at',
  'valid_from',
  'valid_to',
  'expiration_date',
  'categories',
  'memory_ids',
  'id',
  'user_id',
  'end_user_id',
  'agent_id',
  'run_id',
  'metadata',
] as const;

/** Time columns of a memory (epoch milliseconds in the tree). */
export type MemoryFilterTimeField =
  'created_at' | 'updated_at' | 'valid_from' | 'valid_to' | 'expiration_date';
/**
 * Text columns of a memory. `category` is the memory's category (Mem0's `categories` list of one);
 * `end_user_id` is Mem0's `user_id`.
 */
export type MemoryFilterTextField = 'category' | 'id' | 'end_user_id' | 'agent_id' | 'run_id';
export type MemoryFilterScalar = string | number | boolean;

/** Operators that compare with one value. */
export type MemoryFilterScalarOperator = Exclude<MemoryFilterOperator, 'in' | 'nin'>;

/** `exists` with true: the field is present and not null; with false: absent or null. */
export type MemoryFilterComparison =
  | { readonly op: 'exists'; readonly value: boolean }
  | { readonly op: 'in' | 'nin'; readonly value: readonly MemoryFilterScalar[] }
  | { readonly op: MemoryFilterScalarOperator; readonly value: MemoryFilterScalar };

/**
 * One condition. Time values are epoch milliseconds; text values strings. Meanings every store shares:
 * - `ne` and `nin` hold when the field is absent too; `gt/gte/lt/lte/eq/in` never hold on an absent field.
 * - `contains` on a text is a substring; on a metadata array, an element equal to the value. `icontains`
 *   is the same ignoring case (ASCII letters in the embedded store).
 * - On metadata, comparisons hold only between values of the same JSON type (a number never equals "5").
 */
export type MemoryFilterCondition =
  | ({ readonly kind: 'time'; readonly field: MemoryFilterTimeField } & MemoryFilterComparison)
  | ({ readonly kind: 'text'; readonly field: MemoryFilterTextField } & MemoryFilterComparison)
  | ({ readonly kind: 'metadata'; readonly key: string } & MemoryFilterComparison);

export type MemoryFilterNode =
  | { readonly kind: 'and'; readonly items: readonly MemoryFilterNode[] }
  | { readonly kind: 'or'; readonly items: readonly MemoryFilterNode[] }
  | { readonly kind: 'not'; readonly item: MemoryFilterNode }
  | MemoryFilterCondition;

/** Bounds of one filter: a hostile value costs no more than these. */
export const MEMORY_FILTER_MAX_CONDITIONS = 100;
export const MEMORY_FILTER_MAX_DEPTH = 8;
export const MEMORY_FILTER_MAX_LIST = 1000;
export const MEMORY_FILTER_MAX_STRING = 1000;
export const MEMORY_FILTER_MAX_JSON_LENGTH = 32_768;
const METADATA_KEY_MAX_LENGTH = 200;

/** A filter that cannot be used; the message names the bad part (`filters.AND[1].created_at: ...`). */
export class MemoryFilterError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'MemoryFilterError';
  }
}

const TIME_FIELDS: readonly string[] = [
  'created_at',
  'updated_at',
  'valid_from',
  'valid_to',
  'expiration_date',
];
const TEXT_FIELDS: Readonly<Record<string, MemoryFilterTextField>> = {
  categories: 'category',
  category: 'category',
  memory_ids: 'id',
  id: 'id',
  user_id: 'end_user_id',
  end_user_id: 'end_user_id',
  agent_id: 'agent_id',
  run_id: 'run_id',
};
const OPERATORS: readonly string[] = MEMORY_FILTER_OPERATORS;
const LOGICAL = ['AND', 'OR', 'NOT'];

/** ISO 8601 date or date-time (`2024-07-01`, `2024-07-01T10:00:00Z`, with an offset or without a zone = UTC). */
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : JSON.stringify(value);
}

class FilterParser {
  private conditions = 0;

  parse(value: unknown, path: string, depth: number): MemoryFilterNode {
    if (!isPlainObject(value))
      throw new MemoryFilterError(path, `must be a JSON object, got ${describe(value)}`);
    if (depth > MEMORY_FILTER_MAX_DEPTH) {
      throw new MemoryFilterError(path, `nests deeper than ${MEMORY_FILTER_MAX_DEPTH} levels`);
    }
    const items: MemoryFilterNode[] = [];
    for (const [key, inner] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if (LOGICAL.includes(key)) {
        if (!Array.isArray(inner) || inner.length === 0) {
          throw new MemoryFilterError(at, 'must be a non-empty array of filter objects');
        }
        const children = inner.map((child, i) => this.parse(child, `${at}[${i}]`, depth + 1));
        if (key === 'OR') items.push({ kind: 'or', items: children });
        else {
          const all = andOf(children);
          items.push(key === 'NOT' ? { kind: 'not', item: all } : all);
        }
      } else if (/^(and|or|not)$/i.test(key)) {
        throw new MemoryFilterError(at, `logical operators are upper case: use "${key.toUpperCase()}"`);
      } else if (key === 'metadata') {
        if (!isPlainObject(inner)) {
          throw new MemoryFilterError(at, 'must be an object of metadata keys and their values or operators');
        }
        for (const [metaKey, metaValue] of Object.entries(inner)) {
          items.push(...this.metadata(metaKey, metaValue, `${at}.${metaKey}`));
        }
      } else if (key.startsWith('metadata.')) {
        items.push(...this.metadata(key.slice('metadata.'.length), inner, at));
      } else if (TIME_FIELDS.includes(key)) {
        items.push(...this.field(inner, at, (c, cAt) => this.time(key as MemoryFilterTimeField, c, cAt)));
      } else if (key in TEXT_FIELDS) {
        const field = TEXT_FIELDS[key] as MemoryFilterTextField;
        items.push(...this.field(inner, at, (c, cAt) => this.text(field, c, cAt)));
      } else {
        throw new MemoryFilterError(
          at,
          `unknown field (use ${MEMORY_FILTER_FIELDS.join(', ')}, metadata.<key>, AND, OR or NOT)`,
        );
      }
    }
    return andOf(items);
  }

  private metadata(key: string, value: unknown, at: string): MemoryFilterCondition[] {
    if (key.length === 0 || key.length > METADATA_KEY_MAX_LENGTH) {
      throw new MemoryFilterError(at, `a metadata key must have 1 to ${METADATA_KEY_MAX_LENGTH} characters`);
    }
    return this.field(value, at, (c, cAt) => {
      this.checkValue(c, cAt, false);
      return { kind: 'metadata', key, ...c };
    });
  }

  /** A leaf's value: a scalar (eq), "*" (present), null (absent) or an object of operators (ANDed). */
  private field(
    value: unknown,
    at: string,
    make: (comparison: MemoryFilterComparison, at: string) => MemoryFilterCondition,
  ): MemoryFilterCondition[] {
    const counted = (c: MemoryFilterComparison, cAt: string): MemoryFilterCondition => {
      this.conditions += 1;
      if (this.conditions > MEMORY_FILTER_MAX_CONDITIONS) {
        throw new MemoryFilterError(
          at,
          `a filter may hold at most ${MEMORY_FILTER_MAX_CONDITIONS} conditions`,
        );
      }
      return make(c, cAt);
    };
    if (value === '*') return [counted({ op: 'exists', value: true }, at)];
    if (value === null) return [counted({ op: 'exists', value: false }, at)];
    if (!isPlainObject(value)) return [counted(this.comparison('eq', value, at), at)];
    const entries = Object.entries(value);
    if (entries.length === 0) throw new MemoryFilterError(at, 'must name at least one operator');
    return entries.map(([op, operand]) => {
      if (!OPERATORS.includes(op)) {
        throw new MemoryFilterError(
          at,
          `unknown operator ${JSON.stringify(op)} (use ${MEMORY_FILTER_OPERATORS.join(', ')})`,
        );
      }
      const opAt = `${at}.${op}`;
      return counted(this.comparison(op as MemoryFilterOperator, operand, opAt), opAt);
    });
  }

  private comparison(op: MemoryFilterOperator, value: unknown, at: string): MemoryFilterComparison {
    if (op === 'in' || op === 'nin') {
      if (!Array.isArray(value) || value.length === 0 || value.length > MEMORY_FILTER_MAX_LIST) {
        throw new MemoryFilterError(at, `must be an array of 1 to ${MEMORY_FILTER_MAX_LIST} values`);
      }
      return { op, value: value.map((v, i) => scalar(v, `${at}[${i}]`)) };
    }
    if (value === null && (op === 'eq' || op === 'ne')) return { op: 'exists', value: op === 'ne' };
    if (value === '*' && op === 'eq') return { op: 'exists', value: true };
    return { op, value: scalar(value, at) };
  }

  /** Checks the values of a comparison for a field: time fields hold dates, text fields strings. */
  private checkValue(c: MemoryFilterComparison, at: string, textOnly: boolean): void {
    if (c.op === 'exists') return;
    const values: readonly MemoryFilterScalar[] = Array.isArray(c.value) ? c.value : [c.value];
    for (const v of values) {
      if (textOnly && typeof v !== 'string')
        throw new MemoryFilterError(at, `must be a string, got ${describe(v)}`);
      if ((c.op === 'icontains' || (textOnly && c.op === 'contains')) && typeof v !== 'string') {
        throw new MemoryFilterError(at, `${c.op} takes a string, got ${describe(v)}`);
      }
    }
  }

  private time(field: MemoryFilterTimeField, c: MemoryFilterComparison, at: string): MemoryFilterCondition {
    if (c.op === 'contains' || c.op === 'icontains') {
      throw new MemoryFilterError(at, `operator "${c.op}" does not apply to a date`);
    }
    if (c.op === 'exists') return { kind: 'time', field, ...c };
    const toTime = (v: MemoryFilterScalar): number => {
      const time = typeof v === 'string' && ISO_DATE.test(v) ? Date.parse(normaliseIsoDate(v)) : NaN;
      if (Number.isNaN(time)) throw new MemoryFilterError(at, `must be an ISO 8601 date, got ${describe(v)}`);
      return time;
    };
    switch (c.op) {
      case 'in':
      case 'nin':
        return { kind: 'time', field, op: c.op, value: c.value.map(toTime) };
      case 'eq':
      case 'ne':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        return { kind: 'time', field, op: c.op, value: toTime(c.value) };
    }
  }

  private text(field: MemoryFilterTextField, c: MemoryFilterComparison, at: string): MemoryFilterCondition {
    this.checkValue(c, at, true);
    if (field === 'id' && !['eq', 'ne', 'in', 'nin'].includes(c.op)) {
      throw new MemoryFilterError(
        at,
        `operator "${c.op}" does not apply to memory ids (use eq, ne, in, nin)`,
      );
    }
    if (field === 'category') {
      // A memory holds one category, Mem0 a list: "the list contains x" is "the category is x".
      if (c.op === 'contains') return { kind: 'text', field, op: 'eq', value: c.value };
    }
    return { kind: 'text', field, ...c };
  }
}

function scalar(value: unknown, at: string): MemoryFilterScalar {
  if (typeof value === 'string') {
    if (value.length > MEMORY_FILTER_MAX_STRING) {
      throw new MemoryFilterError(at, `must be at most ${MEMORY_FILTER_MAX_STRING} characters`);
    }
    return value;
  }
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new MemoryFilterError(at, `must be a string, a number or a boolean, got ${describe(value)}`);
}

/** A date without a zone is UTC; a date-only value is that day's midnight UTC. */
function normaliseIsoDate(value: string): string {
  const v = value.replace(' ', 'T');
  if (v.length === 10) return `${v}T00:00:00Z`;
  return /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(v.slice(10)) ? v : `${v}Z`;
}

function andOf(items: readonly MemoryFilterNode[]): MemoryFilterNode {
  const [only] = items;
  return items.length === 1 && only ? only : { kind: 'and', items };
}

/**
 * The typed tree of a filter object (already parsed JSON), or MemoryFilterError naming the bad part.
 * `{}` is the filter that keeps everything (`{kind: 'and', items: []}`). `path` names the root in messages.
 */
export function parseMemoryFilter(json: unknown, path = 'filters'): MemoryFilterNode {
  return new FilterParser().parse(json, path, 1);
}

/** A filter sent as a JSON string (a query parameter): parsed, then as parseMemoryFilter. */
export function parseMemoryFilterJson(text: string, path = 'filters'): MemoryFilterNode {
  if (text.length > MEMORY_FILTER_MAX_JSON_LENGTH) {
    throw new MemoryFilterError(path, `must be at most ${MEMORY_FILTER_MAX_JSON_LENGTH} characters`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MemoryFilterError(path, 'must be a JSON object (the text is not valid JSON)');
  }
  return parseMemoryFilter(json, path);
}

/** True for the filter that keeps everything (`{}`). */
export const isEmptyMemoryFilter = (node: MemoryFilterNode): boolean =>
  node.kind === 'and' && node.items.length === 0;

/**
 * The end user, agent and run a filter pins at its top level (conditions `eq` ANDed at the root): a route
 * that names no scope of its own may act in that one (Mem0 names the user only inside `filters`). Anything
 * under OR or NOT pins nothing. Two different values for one field pin nothing (the filter matches nothing).
 */
export function memoryFilterScope(node: MemoryFilterNode): {
  endUserId?: string;
  agentId?: string;
  runId?: string;
} {
  const items = node.kind === 'and' ? node.items : [node];
  const pinned: Record<string, string | null> = {};
  for (const item of items) {
    if (item.kind !== 'text' || item.op !== 'eq' || typeof item.value !== 'string') continue;
    if (item.field !== 'end_user_id' && item.field !== 'agent_id' && item.field !== 'run_id') continue;
    const previous = pinned[item.field];
    pinned[item.field] = previous === undefined || previous === item.value ? item.value : null;
  }
  const scope: { endUserId?: string; agentId?: string; runId?: string } = {};
  if (typeof pinned['end_user_id'] === 'string') scope.endUserId = pinned['end_user_id'];
  if (typeof pinned['agent_id'] === 'string') scope.agentId = pinned['agent_id'];
  if (typeof pinned['run_id'] === 'string') scope.runId = pinned['run_id'];
  return scope;
}
