import type { MemoryScopeFields } from '@membolt/contracts';
import { MEMORY_SCOPE_ID_MAX_LENGTH } from '@membolt/contracts';
import { mem0AppIdUnsupported, mem0FilterInvalid } from '../gateway.errors.js';
import type { MemoryScopeQuery } from '../memories/memory.dto.js';

/** The only place Mem0's requests (filters, entity parameters) become Membolt's scope and bus fields. */

/** Mem0's entity keys and Membolt's scope fields (Mem0's user is an end user of the key's account). */
const SCOPE_KEYS = { user_id: 'endUserId', agent_id: 'agentId', run_id: 'runId' } as const;
type Mem0ScopeKey = keyof typeof SCOPE_KEYS;
const isScopeKey = (key: string): key is Mem0ScopeKey => Object.hasOwn(SCOPE_KEYS, key);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface Mem0Selection {
  readonly scope: MemoryScopeFields;
  /**
   * What the filters ask beyond the scope (dates, categories, metadata...), with the scope keys taken out:
   * null when nothing is left.
   */
  readonly rest: Record<string, unknown> | null;
}

/** A scope key's value: a plain string, or `{eq: string}`. */
function scopeValue(value: unknown, path: string): string {
  const given =
    isPlainObject(value) && Object.keys(value).length === 1 && 'eq' in value ? value['eq'] : value;
  if (
    typeof given !== 'string' ||
    given === '' ||
    given === '*' ||
    given.length > MEMORY_SCOPE_ID_MAX_LENGTH
  ) {
    throw mem0FilterInvalid(
      path,
      given === '*'
        ? 'every scope at once ("*") is not supported; name one'
        : `must be a string of 1 to ${MEMORY_SCOPE_ID_MAX_LENGTH} characters (or {"eq": ...})`,
    );
  }
  return given;
}

/**
 * Takes the scope out of Mem0 filters: the scope keys (user_id, agent_id, run_id) at the top level or inside
 * `AND`, each naming one scope. Under `OR` or `NOT` a scope key would widen or invert the scope, which a
 * Membolt call cannot do (it acts on one scope), so it is refused there, naming where.
 */
export function mem0Selection(filters: Record<string, unknown> | undefined): Mem0Selection {
  const scope: Record<string, string> = {};
  const take = (node: Record<string, unknown>, path: string): Record<string, unknown> | null => {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const at = `${path}.${key}`;
      if (key === 'app_id') throw mem0AppIdUnsupported();
      if (isScopeKey(key)) {
        const field = SCOPE_KEYS[key];
        const given = scopeValue(value, at);
        if (scope[field] !== undefined && scope[field] !== given) {
          throw mem0FilterInvalid(at, 'names another scope than an earlier filter');
        }
        scope[field] = given;
      } else if (key === 'AND') {
        if (!Array.isArray(value)) throw mem0FilterInvalid(at, 'must be a list of filters');
        const items = value
          .map((item, index) => {
            if (!isPlainObject(item)) throw mem0FilterInvalid(`${at}[${index}]`, 'must be a filter object');
            return take(item, `${at}[${index}]`);
          })
          .filter((item): item is Record<string, unknown> => item !== null);
        if (items.length > 0) kept[key] = items;
      } else {
        if (key === 'OR' || key === 'NOT') refuseScopeKeysIn(value, at);
        kept[key] = value;
      }
    }
    return Object.keys(kept).length > 0 ? kept : null;
  };
  const rest = filters ? take(filters, 'filters') : null;
  return { scope, rest };
}

function refuseScopeKeysIn(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => refuseScopeKeysIn(item, `${path}[${index}]`));
  } else if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (isScopeKey(key) || key === 'app_id') {
        throw mem0FilterInvalid(`${path}.${key}`, 'scope keys can only be combined with AND');
      }
      refuseScopeKeysIn(inner, `${path}.${key}`);
    }
  }
}

/** Mem0's entity parameters (`user_id`, `agent_id`, `run_id`) as the native API's scope query. */
export function mem0ScopeQuery(entities: {
  readonly user_id?: string;
  readonly agent_id?: string;
  readonly run_id?: string;
  readonly app_id?: unknown;
}): MemoryScopeQuery {
  if (entities.app_id !== undefined) throw mem0AppIdUnsupported();
  return {
    ...(entities.user_id !== undefined ? { end_user_id: entities.user_id } : {}),
    ...(entities.agent_id !== undefined ? { agent_id: entities.agent_id } : {}),
    ...(entities.run_id !== undefined ? { run_id: entities.run_id } : {}),
  };
}

/** A scope as Mem0's entity keys (which Mem0's filters take as they are). */
export function toMem0Entities(scope: MemoryScopeFields): {
  user_id?: string;
  agent_id?: string;
  run_id?: string;
} {
  return {
    ...(scope.endUserId !== undefined ? { user_id: scope.endUserId } : {}),
    ...(scope.agentId !== undefined ? { agent_id: scope.agentId } : {}),
    ...(scope.runId !== undefined ? { run_id: scope.runId } : {}),
  };
}
