import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request as controllers, guards and filters see it, whatever HTTP platform serves the edge (Fastify's
 * request has these members). Only what the edges use is named here, so the platform stays in libs/edge.
 */
export interface EdgeRequest {
  readonly method: string;
  /** The URL as received, query included. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly params: Record<string, string | undefined>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  /** The client's address (the socket's, or X-Forwarded-For's within the trusted proxy hops). */
  readonly ip: string;
  /** `https` when the connection (or, within the trusted proxy hops, X-Forwarded-Proto) says so. */
  readonly protocol: 'http' | 'https';
  /** The cookies the request carried (the edge parses the Cookie header of every request). */
  readonly cookies: Record<string, string | undefined>;
  /** Node's request, the body stream of a route whose body the edge leaves unread (NDJSON). */
  readonly raw: IncomingMessage;
}

/** The reply of a route that returns its body and sets only its status and headers. */
export interface EdgeReply {
  status(code: number): EdgeReply;
  header(name: string, value: string): EdgeReply;
  getHeader(name: string): unknown;
  /** Node's response. Headers set on it also leave with a body the platform sends. */
  readonly raw: ServerResponse;
  /** Hands the response over to the route, which then writes and ends `raw` itself. */
  hijack(): void;
}

export interface EdgeCookieOptions {
  readonly path: string;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
  readonly sameSite?: 'lax' | 'strict' | 'none';
  /** Lifetime in milliseconds; without it, a browser-session cookie. */
  readonly maxAgeMs?: number;
}

/** What the cookie plugin adds to the platform's reply (the adapter below is the only caller). */
interface CookieReply {
  setCookie(name: string, value: string, options: Record<string, unknown>): unknown;
  clearCookie(name: string, options: Record<string, unknown>): unknown;
}

/** Sets a cookie: Max-Age and Expires both when it has a lifetime, as browsers of every age expect. */
export function setCookie(reply: EdgeReply, name: string, value: string, options: EdgeCookieOptions): void {
  const { maxAgeMs, ...rest } = options;
  (reply as unknown as CookieReply).setCookie(name, value, {
    ...rest,
    ...(maxAgeMs !== undefined
      ? { maxAge: Math.floor(maxAgeMs / 1000), expires: new Date(Date.now() + maxAgeMs) }
      : {}),
  });
}

export function clearCookie(
  reply: EdgeReply,
  name: string,
  options: Omit<EdgeCookieOptions, 'maxAgeMs'>,
): void {
  (reply as unknown as CookieReply).clearCookie(name, { ...options });
}

/** One header's value (the first, when repeated), or undefined. */
export function headerOf(req: { readonly headers: IncomingHttpHeaders }, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path: its URL up to the query. */
export function pathOf(req: { readonly url?: string | undefined }): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The media type of a Content-Type header, lower case and without parameters; '' without one. */
export function mediaTypeOf(contentType: string | undefined): string {
  if (!contentType) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** Whether the request's body is of one of these media types (false without a body type). */
export function requestIs(
  req: { readonly headers: IncomingHttpHeaders },
  types: string | readonly string[],
): boolean {
  const type = mediaTypeOf(headerOf(req, 'content-type'));
  return type !== '' && ([] as string[]).concat(types).includes(type);
}

/**
 * Takes the response over for a route that streams or writes its own answer: from here it writes and ends
 * Node's response (`raw`); headers set earlier (security, correlation id, rate limits, usage) are kept.
 */
export function takeOver(reply: EdgeReply): ServerResponse {
  reply.hijack();
  return reply.raw;
}

/** Answers a text body of `contentType` (UTF-8) on a response the route has taken over (see takeOver). */
export function writeText(res: ServerResponse, status: number, contentType: string, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', `${contentType}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Answers a JSON body on a response the route has taken over (see takeOver). */
export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  writeText(res, status, 'application/json', JSON.stringify(body));
}

/** A 302 to `location`, sent through the platform (so the cookies set on the reply leave with it). */
export function redirect(reply: EdgeReply, location: string): void {
  void (reply as unknown as { redirect(url: string, code: number): unknown }).redirect(location, 302);
}

/**
 * Answers a JSON error on a reply whether or not the route took it over (an exception filter does not know):
 * through the platform when it still owns the reply, else on Node's response; a response already under way
 * can only be ended.
 */
export function replyJson(reply: EdgeReply | ServerResponse, status: number, body: unknown): void {
  const raw = 'raw' in reply ? reply.raw : reply;
  if (raw.headersSent) {
    if (!raw.writableEnded) raw.end();
    return;
  }
  if ('raw' in reply && !(reply as { sent?: boolean }).sent) {
    (reply as unknown as { code(status: number): { send(body: unknown): unknown } }).code(status).send(body);
    return;
  }
  writeJson(raw, status, body);
}

const METRICS_ROUTE = Symbol('membolt.metricsRoute');

/**
 * Names the route label of a response no route pattern served (the web app's files, a shed request), so the
 * metrics' label set stays bounded.
 */
export function labelForMetrics(res: ServerResponse, label: string): void {
  (res as ServerResponse & { [METRICS_ROUTE]?: string })[METRICS_ROUTE] = label;
}

export function metricsLabelOf(res: ServerResponse): string | undefined {
  return (res as ServerResponse & { [METRICS_ROUTE]?: string })[METRICS_ROUTE];
}
