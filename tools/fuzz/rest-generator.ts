import type { FuzzPrincipal, FuzzRequest } from './fuzz-request.js';
import { deeplyNested, type Draw } from './random-values.js';

/** The parts of an OpenAPI 3 document the generator reads. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
  readonly components?: { readonly schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  readonly parameters?: ReadonlyArray<{
    readonly name: string;
    readonly in: string;
    readonly schema?: JsonSchema;
  }>;
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: JsonSchema }> };
  readonly security?: ReadonlyArray<Record<string, unknown>>;
}
interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly oneOf?: readonly JsonSchema[];
}

/** encodeURIComponent throws on lone surrogates, which the generator makes on purpose. */
const encodePathSegment = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));

const UNKNOWN: OpenApiOperation = {};

/** Paging parameters get, now and then, integers past what any store can bind. */
const PAGE_PARAMETERS = new Set(['offset', 'limit']);
const EXTREME_INTEGERS = [
  '9223372036854775807',
  '9223372036854775808',
  '9007199254740993',
  '1e30',
  '-1',
  '1000000000',
  '1000000001',
  '0x10',
];

interface Endpoint {
  readonly method: string;
  readonly path: string;
  readonly operation: OpenApiOperation;
}

/**
 * REST inputs from the gateway's OpenAPI document: every documented operation with schema-shaped
 * parameters and bodies, then bent: wrong types, missing and unknown fields, bad keys, bad content types.
 */
export class RestGenerator {
  private readonly endpoints: Endpoint[];

  constructor(
    private readonly document: OpenApiDocument,
    private readonly principal: FuzzPrincipal,
  ) {
    this.endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
  }

  generate(draw: Draw): FuzzRequest {
    const endpoint = draw.chance(0.9) ? draw.pick(this.endpoints) : this.unknownEndpoint(draw);
    const method = draw.chance(0.92)
      ? endpoint.method
      : draw.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
    const path = this.fillPath(draw, endpoint) + this.query(draw, endpoint.operation);
    const headers: Record<string, string> = {};
    const apiKey = this.apiKey(draw);
    if (apiKey !== undefined) headers['x-api-key'] = apiKey;
    let body: string | undefined;
    if (method !== 'GET' && method !== 'HEAD' && draw.chance(0.9)) {
      const bodySchema = endpoint.operation.requestBody?.content?.['application/json']?.schema;
      body = this.body(draw, bodySchema);
      headers['content-type'] = draw.chance(0.9)
        ? 'application/json'
        : draw.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            'multipart/form-data',
          ]);
    }
    return {
      kind: 'http',
      family:
        endpoint.operation === UNKNOWN ? 'rest unknown route' : `rest ${endpoint.method} ${endpoint.path}`,
      method,
      path,
      headers,
      ...(body !== undefined ? { body } : {}),
      mayWrite: method !== 'GET' && method !== 'HEAD',
    };
  }

  private unknownEndpoint(draw: Draw): Endpoint {
    const path = draw.pick([
      '/api/',
      '/api/users',
      '/api/status/..%2f..',
      `/api/${encodePathSegment(draw.hostileString().slice(0, 200))}`,
      '/graphql/x',
      '/auth/oidc/nothing',
      '/%',
      '/api/plans/%E0%A4%A',
    ]);
    return { method: draw.pick(['GET', 'POST', 'DELETE']), path, operation: UNKNOWN };
  }

  private fillPath(draw: Draw, endpoint: Endpoint): string {
    return endpoint.path.replace(/\{[^}]+\}/g, () =>
      draw.chance(0.5) ? this.principal.userId : encodePathSegment(draw.hostileString().slice(0, 2000)),
    );
  }

  private query(draw: Draw, operation: OpenApiOperation): string {
    const params = new URLSearchParams();
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'query' || draw.chance(0.3)) continue;
      const value =
        PAGE_PARAMETERS.has(parameter.name) && draw.chance(0.3)
          ? draw.pick(EXTREME_INTEGERS)
          : parameter.schema
            ? this.value(draw, parameter.schema, 0)
            : draw.hostileString();
      params.append(parameter.name, typeof value === 'string' ? value : JSON.stringify(value));
      if (draw.chance(0.1)) params.append(parameter.name, draw.hostileString().slice(0, 100));
    }
    if (draw.chance(0.15))
      params.append(draw.hostileString().slice(0, 50) || 'x', draw.hostileString().slice(0, 100));
    const text = params.toString();
    return text ? `?${text}` : '';
  }

  private apiKey(draw: Draw): string | undefined {
    switch (draw.int(0, 5)) {
      case 0:
        return undefined;
      case 1:
      case 2:
        return this.principal.apiKey;
      case 3:
        return `mblt_${'a'.repeat(draw.int(0, 80))}`;
      case 4:
        return this.principal.apiKey.slice(0, -1) + (this.principal.apiKey.endsWith('a') ? 'b' : 'a');
      default:
        return draw
          .hostileString()
          .replace(/[^\x21-\x7e]/g, '')
          .slice(0, 4000);
    }
  }

  private body(draw: Draw, schema: JsonSchema | undefined): string {
    switch (draw.int(0, 9)) {
      case 3:
        return JSON.stringify(this.oversizedShape(draw, schema));
      case 0:
        return deeplyNested(draw.pick([100, 1_000, 6_000, 50_000]), draw.chance(0.5));
      case 1:
        return draw.pick([
          '',
          '{',
          'null',
          '"text"',
          '[]',
          '{"a":1,"a":2}',
          '\u0000',
          '{"__proto__":{"polluted":true}}',
        ]);
      case 2:
        return JSON.stringify(draw.anyJson());
      default:
        return JSON.stringify(schema ? this.value(draw, schema, 0) : draw.anyJson());
    }
  }

  /**
   * A body of the schema's shape with one of the shapes that used to stall or crash a route: thousands of
   * unknown fields, metadata with thousands of keys or nested deep (as an object or a JSON string), or null
   * in every field.
   */
  private oversizedShape(draw: Draw, schema: JsonSchema | undefined): unknown {
    const base = this.value(draw, schema ?? {}, 0);
    const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {};
    const many = (n: number, prefix: string) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
    switch (draw.int(0, 3)) {
      case 0:
        return { ...object, ...many(draw.pick([50, 900, 5_000, 60_000]), 'u') };
      case 1: {
        const keys = many(draw.pick([300, 5_000, 60_000]), 'k');
        return { ...object, metadata: draw.chance(0.5) ? keys : JSON.stringify(keys) };
      }
      case 2: {
        const nested = deeplyNested(draw.pick([17, 63, 65, 2_000, 5_000]), draw.chance(0.3));
        return { ...object, metadata: draw.chance(0.8) ? nested : (JSON.parse(nested) as unknown) };
      }
      default: {
        const properties = Object.keys(this.resolve(schema ?? {}).properties ?? { text: {} });
        return Object.fromEntries(properties.map((name) => [name, null]));
      }
    }
  }

  /** A value shaped by `schema`, sometimes of the wrong type. */
  private value(draw: Draw, schema: JsonSchema, depth: number): unknown {
    const resolved = this.resolve(schema);
    if (draw.chance(0.1) || depth > 5) return draw.anyJson(depth);
    if (resolved.enum && draw.chance(0.8)) return draw.pick(resolved.enum);
    // A body or field of several shapes (a memory's `text` or `messages`): one of them.
    if (resolved.oneOf?.length) return this.value(draw, draw.pick(resolved.oneOf), depth);
    switch (resolved.type) {
      case 'string':
        return this.stringValue(draw);
      case 'integer':
      case 'number':
        return draw.pick([0, 1, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2]);
      case 'boolean':
        return draw.chance(0.5);
      case undefined:
        return draw.anyJson(depth);
      case 'array':
        return Array.from({ length: draw.int(0, 3) }, () =>
          resolved.items ? this.value(draw, resolved.items, depth + 1) : draw.anyJson(depth + 1),
        );
      case 'object': {
        const object: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(resolved.properties ?? {})) {
          const required = resolved.required?.includes(name) ?? false;
          if (required ? draw.chance(0.1) : draw.chance(0.5)) continue;
          object[name] = this.value(draw, property, depth + 1);
        }
        if (draw.chance(0.15)) object[draw.hostileString().slice(0, 40) || 'extra'] = draw.anyJson(depth + 1);
        return object;
      }
      default:
        return draw.anyJson(depth);
    }
  }

  private stringValue(draw: Draw): string {
    return draw.chance(0.3)
      ? draw.pick([this.principal.userId, this.principal.apiKey])
      : draw.hostileString();
  }

  private resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref?.replace('#/components/schemas/', '');
    return (ref && this.document.components?.schemas?.[ref]) || schema;
  }
}
