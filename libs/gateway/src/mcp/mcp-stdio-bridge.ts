import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  ErrorCode,
  isInitializeRequest,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';

export interface McpStdioBridgeOptions {
  /** The running Membolt server (its gateway), e.g. http://localhost:3000: messages go to `<url>/mcp`. */
  readonly url: string;
  readonly apiKey: string;
  readonly stdin: Readable;
  /** Carries nothing but MCP messages. */
  readonly stdout: Writable;
  /** Where the bridge says what went wrong (stderr): an MCP client shows it in its server log. */
  readonly log: (line: string) => void;
}

/** The JSON-RPC error body a refusal of /mcp carries, out of the SDK's "Error POSTing to endpoint: <body>". */
function refusalOf(error: unknown): { code: number; message: string; data?: unknown } | null {
  const text = error instanceof Error ? error.message : String(error);
  const start = text.indexOf('{');
  if (start < 0) return null;
  try {
    const body = JSON.parse(text.slice(start)) as {
      error?: { code?: unknown; message?: unknown; data?: unknown };
    };
    const refusal = body.error;
    if (typeof refusal?.code !== 'number' || typeof refusal.message !== 'string') return null;
    return { code: refusal.code, message: refusal.message, data: refusal.data };
  } catch {
    return null;
  }
}

/** `fetch failed (connect ECONNREFUSED …)`: the cause says more than fetch's own message. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * `membolt mcp` (decision 108): speaks MCP on stdin/stdout and relays every message to the running server's
 * streamable HTTP endpoint with the API key, and every answer back. The tools, their rules, limits and
 * metering are the server's; a request the server refuses or cannot be reached for is answered with a
 * JSON-RPC error, so the client is never left waiting. Resolves when stdin ends and the last request is
 * answered.
 */
export async function runMcpStdioBridge(options: McpStdioBridgeOptions): Promise<void> {
  const endpoint = new URL('/mcp', options.url);
  const remote = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { 'X-API-Key': options.apiKey } },
  });
  const local = new StdioServerTransport(options.stdin, options.stdout);
  const initializeIds = new Set<RequestId>();
  let pending = 0;
  let inputEnded = false;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const finishWhenIdle = () => {
    if (inputEnded && pending === 0) finish();
  };

  const answerLocally = async (message: JSONRPCMessage): Promise<void> => {
    await local
      .send(message)
      .catch((error: unknown) => options.log(`cannot write to stdout: ${String(error)}`));
  };

  remote.onmessage = (message) => {
    // The server checks the protocol version the initialize answer agreed on, on every later request.
    if (isJSONRPCResultResponse(message) && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    void answerLocally(message);
  };
  // A failed send is reported once, by its catch below (the transport would report it here as well).
  remote.onerror = () => undefined;

  local.onmessage = (message) => {
    if (isInitializeRequest(message) && isJSONRPCRequest(message)) initializeIds.add(message.id);
    pending++;
    remote
      .send(message)
      .catch(async (error: unknown) => {
        const refusal = refusalOf(error);
        options.log(
          refusal
            ? `${endpoint.href} refused the request: ${refusal.message}`
            : `cannot reach ${endpoint.href}: ${describeFailure(error)}`,
        );
        if (!isJSONRPCRequest(message)) return;
        const answer: JSONRPCErrorResponse = {
          jsonrpc: '2.0',
          id: message.id,
          error: refusal ?? {
            code: ErrorCode.InternalError,
            message: `The Membolt server at ${options.url} cannot be reached. Is it running?`,
          },
        };
        await answerLocally(answer);
      })
      .finally(() => {
        pending--;
        finishWhenIdle();
      });
  };
  local.onerror = (error) => options.log(`stdin: ${error.message}`);

  options.stdin.once('end', () => {
    inputEnded = true;
    finishWhenIdle();
  });
  await remote.start();
  await local.start();
  await finished;
  await local.close();
  await remote.close();
}
