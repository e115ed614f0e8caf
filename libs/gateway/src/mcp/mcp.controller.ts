import { Delete, Get, Post, Req, Res, UseFilters } from '@nestjs/common';
import { AcceptsBearerApiKey } from '../auth/bearer-api-key.js';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type EdgeReply, type EdgeRequest, takeOver, writeJson } from '@membolt/edge';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { McpExceptionFilter } from './mcp-exception.filter.js';
import { MemboltMcpServerFactory } from './membolt-mcp.server.js';

export const MCP_PATH = 'mcp';

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32000,
    message: 'Method not allowed: this MCP endpoint is stateless; send each JSON-RPC message with POST.',
  },
} as const;

/**
 * MCP over streamable HTTP (decision 107): stateless, one MCP server per POST, answering JSON. Authenticated,
 * rate limited and metered like every gateway route; `Authorization: Bearer <key>` works as well as X-API-Key.
 */
@ApiTags('mcp')
@UseFilters(McpExceptionFilter)
@AcceptsBearerApiKey()
@GatewayController(MCP_PATH)
export class McpController {
  constructor(private readonly servers: MemboltMcpServerFactory) {}

  @Post()
  @ApiOperation({
    summary: 'The Model Context Protocol endpoint (streamable HTTP, stateless): memory tools and resources.',
    description:
      'Send JSON-RPC messages as MCP clients do (initialize, tools/list, tools/call, resources/read...), with ' +
      '`Accept: application/json, text/event-stream`. Tools: add_memory, search_memories, list_memories, ' +
      'get_memory, update_memory, delete_memory, memory_stats; resources: membolt://memories/recent and ' +
      'membolt://end-users/{end_user_id}/memories/recent. Each tool validates, acts and answers as its REST ' +
      'route does, and is metered as it is. The key may also be sent as `Authorization: Bearer <key>`. ' +
      'Refusals of the request (bad key, rate limit) keep their REST status with a JSON-RPC error body whose ' +
      '`error.data` is `{error, message}`.',
  })
  @ApiHeader({
    name: 'Authorization',
    required: false,
    description: 'Bearer <key>: the API key, when X-API-Key is not sent.',
  })
  @ApiBody({
    description: 'One JSON-RPC 2.0 message (or a batch).',
    schema: { type: 'object', additionalProperties: true },
    examples: {
      list: { value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      search: {
        value: {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: {
            name: 'search_memories',
            arguments: { query: 'where do I live?', end_user_id: 'customer-42' },
          },
        },
      },
    },
  })
  @ApiOkResponse({
    description: 'The JSON-RPC response (202 with no body for a notification).',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiResponse({ status: 202, description: 'A notification or response was accepted.' })
  async handle(
    @Req() request: EdgeRequest,
    @Res() reply: EdgeReply,
    @CurrentApiKey() principal: ApiKeyPrincipal,
  ): Promise<void> {
    const server = await this.servers.create(principal);
    // Loaded at the first request, as the MCP server is (decision 182).
    const { StreamableHTTPServerTransport } =
      await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const response = takeOver(reply);
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, response, request.body);
  }

  @Get()
  @ApiOperation({
    summary: 'Not offered: the endpoint is stateless and opens no server-sent event stream (405).',
  })
  @ApiResponse({ status: 405, description: 'A JSON-RPC error: send messages with POST.' })
  openStream(@Res() reply: EdgeReply): void {
    const response = takeOver(reply);
    response.setHeader('Allow', 'POST');
    writeJson(response, 405, METHOD_NOT_ALLOWED);
  }

  @Delete()
  @ApiOperation({ summary: 'Not offered: there is no session to end (405).' })
  @ApiResponse({ status: 405, description: 'A JSON-RPC error: send messages with POST.' })
  endSession(@Res() reply: EdgeReply): void {
    const response = takeOver(reply);
    response.setHeader('Allow', 'POST');
    writeJson(response, 405, METHOD_NOT_ALLOWED);
  }
}
