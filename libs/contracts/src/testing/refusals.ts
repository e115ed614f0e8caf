import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { problemOf } from './problem-of.js';

/** A payload a schema must refuse, and the whole text it must answer. */
export type Refusal = readonly [schema: z.ZodObject, raw: unknown, text: string];

/** The same, with a few words naming the case for the test's title. */
export type LabelledRefusal = readonly [label: string, schema: z.ZodObject, raw: unknown, text: string];

export interface RefusalTitles {
  /**
   * Each test's title, in jest's `each` placeholders: `%#` the row's index, then `%s` its label (the row's own,
   * or the schema's name from `names`) and `%j` the payload. Default `refuses %#`.
   */
  readonly title?: string;
  /**
   * The schemas by name, for a title that says which schema refused: `{ SignUpRequest }`, or the modules that
   * export them (`{ ...identityRequests }`; what is not a refused schema is never looked up).
   */
  readonly names?: Readonly<Record<string, unknown>>;
}

/**
 * One test a row, in the enclosing `describe`: the schema refuses the payload with exactly that text (and no
 * other failure), so a wire schema's refusals are a table of cases rather than a test each.
 */
export function itRefuses(
  rows: ReadonlyArray<Refusal | LabelledRefusal>,
  { title = 'refuses %#', names }: RefusalTitles = {},
): void {
  const nameOf = new Map(Object.entries(names ?? {}).map(([name, schema]) => [schema, name]));
  const cases = rows.map((row) => {
    const [label, schema, raw, text] = row.length === 4 ? row : [nameOf.get(row[0]) ?? '', ...row];
    // The label and the payload first, so that `%s` and `%j` in the title read them.
    return [label, raw, schema, text] as const;
  });
  it.each(cases)(title, (_label, raw, schema, text) => {
    expect(problemOf(schema, raw)).toBe(text);
  });
}

/** A `describe` holding only the table's tests (see `itRefuses`). */
export function describeRefusals(
  title: string,
  rows: ReadonlyArray<Refusal | LabelledRefusal>,
  titles?: RefusalTitles,
): void {
  describe(title, () => {
    itRefuses(rows, titles);
  });
}
