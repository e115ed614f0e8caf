/**
 * Answers whose JSON was already made (a metered call's, to count its tokens), kept with the answer object
 * until the edge sends it: the edge's reply serializer sends that text instead of making it again. Weak, so
 * an answer never sent (a handler that failed later, a GraphQL field) keeps nothing alive.
 */
const madeJson = new WeakMap<object, string>();

/**
 * Marks `json` as the JSON of `answer` (a route's result, sent as it is): made with `JSON.stringify(answer)`,
 * and `answer` not changed before it is sent. A string or other non-object answer is sent as it is anyway.
 */
export function sendAsJson(answer: unknown, json: string): void {
  if (typeof answer === 'object' && answer !== null) madeJson.set(answer, json);
}

/**
 * The edge's reply serializer: the JSON made for an answer by `sendAsJson` (taken once: an object sent again
 * is serialized again, in case it changed), else `JSON.stringify`, what Fastify does for a route without a
 * response schema (no route here has one).
 */
export function serializeAnswer(payload: unknown): string {
  if (typeof payload === 'object' && payload !== null) {
    const made = madeJson.get(payload);
    if (made !== undefined) {
      madeJson.delete(payload);
      return made;
    }
  }
  return JSON.stringify(payload);
}
