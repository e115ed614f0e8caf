import type {
  MemoryFilterComparison,
  MemoryFilterCondition,
  MemoryFilterNode,
  MemoryFilterScalar,
} from '@membolt/contracts';
import type { Memory } from './memory.js';

/**
 * The meaning of a filter (memory-filter.ts in contracts) on one memory, in plain code: the reference every
 * store's query is tested against (the embedded store's SQL, the MongoDB query), and the check of stores that
 * cannot express a filter in their index.
 */
export function matchesMemoryFilter(node: MemoryFilterNode, memory: Memory): boolean {
  switch (node.kind) {
    case 'and':
      return node.items.every((item) => matchesMemoryFilter(item, memory));
    case 'or':
      return node.items.some((item) => matchesMemoryFilter(item, memory));
    case 'not':
      return !matchesMemoryFilter(node.item, memory);
    case 'time':
    case 'text':
    case 'metadata':
      return matchesCondition(node, memory);
  }
}

/** A JSON value's type class, as both stores compare them: numbers are one class whatever their storage. */
type ValueClass = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
export function classOf(value: unknown): ValueClass {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

function fieldValue(condition: MemoryFilterCondition, memory: Memory): unknown {
  switch (condition.kind) {
    case 'time': {
      const time = {
        created_at: memory.createdAt,
        updated_at: memory.updatedAt,
        valid_from: memory.validFrom,
        valid_to: memory.validTo,
        expiration_date: memory.expiresAt ?? null,
      }[condition.field];
      return time === null ? null : time.getTime();
    }
    case 'text':
      return {
        category: memory.category,
        id: memory.id,
        end_user_id: memory.endUserId,
        agent_id: memory.agentId,
        run_id: memory.runId,
      }[condition.field];
    case 'metadata':
      return Object.prototype.hasOwnProperty.call(memory.metadata, condition.key)
        ? memory.metadata[condition.key]
        : undefined;
  }
}

const same = (a: unknown, b: MemoryFilterScalar): boolean => classOf(a) === classOf(b) && a === b;

function compare(a: unknown, b: MemoryFilterScalar, op: 'gt' | 'gte' | 'lt' | 'lte'): boolean {
  if (classOf(a) !== classOf(b)) return false;
  const x = a as MemoryFilterScalar;
  switch (op) {
    case 'gt':
      return x > b;
    case 'gte':
      return x >= b;
    case 'lt':
      return x < b;
    case 'lte':
      return x <= b;
  }
}

/** ASCII-only case folding: what SQLite's lower() does, so both stores agree. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

function matchesCondition(condition: MemoryFilterCondition, memory: Memory): boolean {
  const value = fieldValue(condition, memory);
  const c: MemoryFilterComparison = condition;
  switch (c.op) {
    case 'exists':
      return (value !== null && value !== undefined) === c.value;
    case 'eq':
      return same(value, c.value);
    case 'ne':
      return !same(value, c.value);
    case 'in':
      return c.value.some((v) => same(value, v));
    case 'nin':
      return !c.value.some((v) => same(value, v));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compare(value, c.value, c.op);
    case 'contains':
      if (typeof value === 'string') return typeof c.value === 'string' && value.includes(c.value);
      return Array.isArray(value) && value.some((element) => same(element, c.value));
    case 'icontains': {
      if (typeof c.value !== 'string') return false;
      const wanted = asciiLower(c.value);
      if (typeof value === 'string') return asciiLower(value).includes(wanted);
      return (
        Array.isArray(value) &&
        value.some((element) => typeof element === 'string' && asciiLower(element) === wanted)
      );
    }
  }
}
