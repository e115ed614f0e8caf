import { describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { parseMemoryFilter } from '@membolt/contracts';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import {
  conceptId,
  conceptMentions,
  expressionExpr,
  filterQuery,
  fromBytes,
  newDocument,
  scopeQuery,
  toBytes,
  toMemory,
} from './memory-documents.js';

const { Binary } = mongoose.mongo;
const scope = { userId: 'user-a', endUserId: '' };
const at = new Date(Date.UTC(2026, 0, 2));

describe('MongoDB memory documents', () => {
  it('scopes every query by account, end user and live state first (agent and run when given)', () => {
    expect(scopeQuery(scope)).toEqual({ userId: 'user-a', endUserId: '', state: 'live' });
    expect(scopeQuery({ userId: 'u', endUserId: 'alice', agentId: 'ag', runId: 'r' })).toEqual({
      userId: 'u',
      endUserId: 'alice',
      state: 'live',
      agentId: 'ag',
      runId: 'r',
    });
  });

  it('reads metadata members by literal name, never as a path or an operator', () => {
    expect(filterQuery({ metadata: { 'a.b': 1, $where: 'x' }, validity: { kind: 'all' } })).toEqual({
      $and: [
        { $expr: { $eq: [{ $getField: { field: { $literal: 'a.b' }, input: '$metadata' } }, 1] } },
        { $expr: { $eq: [{ $getField: { field: { $literal: '$where' }, input: '$metadata' } }, 'x'] } },
      ],
    });
    expect(filterQuery({ category: null, validity: { kind: 'open', now: at } })).toEqual({
      $and: [{ category: null }, { $or: [{ validTo: null }, { validTo: { $gt: at } }] }],
    });
    expect(filterQuery({ validity: { kind: 'all' } })).toEqual({});
  });

  it('keeps a vector exact through bytes, a Buffer or a BSON Binary', () => {
    const vector = new Float32Array([0.25, -1.5, 3e-8, 42]);
    expect(Array.from(fromBytes(toBytes(vector)))).toEqual(Array.from(vector));
    expect(Array.from(fromBytes(new Binary(toBytes(vector))))).toEqual(Array.from(vector));
    // An unaligned view (a slice of a bigger buffer) is copied, not reinterpreted.
    const shifted = Buffer.concat([Buffer.from([7]), toBytes(vector)]).subarray(1);
    expect(Array.from(fromBytes(shifted))).toEqual(Array.from(vector));
  });

  it('gives a concept an id stable in its scope and unrelated across scopes; mentions are distinct', () => {
    expect(conceptId(scope, 'paris')).toBe(conceptId(scope, 'paris'));
    expect(conceptId(scope, 'paris')).not.toBe(conceptId({ userId: 'user-b', endUserId: '' }, 'paris'));
    expect(conceptId(scope, 'paris')).not.toBe(conceptId({ userId: 'user-a', endUserId: 'x' }, 'paris'));
    expect(
      conceptMentions(scope, [
        { name: ' Paris ', kind: 'place' },
        { name: 'paris', kind: 'thing' },
        { name: '', kind: 'thing' },
      ]),
    ).toEqual([{ id: conceptId(scope, 'paris'), name: 'paris', kind: 'place' }]);
  });

  it('stores a new memory invisible until acknowledged, concepts pending when not given', () => {
    const record = makeMemoryRecord(scope, 4, { text: 'hello' });
    const { concepts: _omitted, ...withoutConcepts } = record;
    const doc = newDocument(scope, withoutConcepts, 'insert:1', at);
    expect(doc).toMatchObject({ state: 'pending', opId: 'insert:1', syncRev: 1, syncedRev: 0, dirty: true });
    expect(doc.conceptsPending).toBe(true);
    expect(newDocument(scope, record, 'insert:1', at).conceptsPending).toBe(false);
    expect(toMemory(doc, true)).toEqual({ ...record.memory, redactions: [], embedding: record.embedding });
  });

  it('hides memories expired at visibleAt (null, absent or later pass)', () => {
    const visibleAt = new Date(Date.UTC(2026, 0, 3));
    expect(scopeQuery({ ...scope, visibleAt })).toMatchObject({ expiresAt: { $not: { $lte: visibleAt } } });
    expect(scopeQuery(scope)).not.toHaveProperty('expiresAt');
  });

  it('turns a filter tree into an aggregation expression: literal metadata names, typed comparisons, dates', () => {
    const tree = parseMemoryFilter({
      AND: [{ 'metadata.$where': { gt: 5 } }, { created_at: { gte: '2026-01-01' } }],
      NOT: [{ 'metadata.topic': { contains: 'a.b' } }],
    });
    const expr = JSON.stringify(expressionExpr(tree));
    // A metadata key is a literal member name, never an operator or a path.
    expect(expr).toContain('{"$getField":{"field":{"$literal":"$where"},"input":"$metadata"}}');
    expect(expr).toContain('{"$isNumber":{"$getField"');
    expect(expr).toContain('"$gte":["$createdAt","2026-01-01T00:00:00.000Z"]');
    // contains matches the text literally (regex metacharacters escaped).
    expect(expr).toContain('"regex":"a\\\\.b"');
    expect(expr).toContain('{"$not":[');
    expect(filterQuery({ validity: { kind: 'all' }, expression: tree })).toEqual({
      $and: [{ $expr: expressionExpr(tree) }],
    });
  });
});
