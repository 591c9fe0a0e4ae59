import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  type ElicitRequestFormParams,
  type ElicitResult,
  isInitializeRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { AgentMcpServer } from "./agent-mcp-server.js";
import { readJsonBody } from "./read-json-body.js";

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * `/mcp`: the agent as a Streamable HTTP MCP server beside the OpenAI endpoint. Each MCP
 * session (started by an `initialize` POST, then named by the `mcp-session-id` header) gets
 * a transport and a server of its own; the model and tools are the agent's, shared.
 */
export class McpEndpoint {
  readonly #mcp: AgentMcpServer;
  readonly #sessions = new Map<string, StreamableHTTPServerTransport>();

  constructor(mcp: AgentMcpServer) {
    this.#mcp = mcp;
  }

  /** Sessions open now. */
  get sessions(): number {
    return this.#sessions.size;
  }

  /** Answers one request to `/mcp` (already authenticated). */
  async handle(req: IncomingMessage, res: ServerResponse, maxBodyBytes: number): Promise<void> {
    const body = req.method === "POST" ? await readJsonBody(req, maxBodyBytes) : undefined;
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? this.#sessions.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId !== undefined) {
        return sendJsonRpcError(
          res,
          404,
          `No MCP session "${String(sessionId)}" here (it ended, or the server restarted); start a new one with an initialize request without an mcp-session-id header.`,
        );
      }
      if (req.method !== "POST" || !isInitializeRequest(body)) {
        return sendJsonRpcError(
          res,
          400,
          `Expected an initialize request (POST /mcp with {"jsonrpc": "2.0", "method": "initialize", …}) to start a session, or the mcp-session-id header of a session; got ${req.method} without a session.`,
        );
      }
      transport = this.#newSession();
      await this.#mcp.connect(transport);
    }
    await transport.handleRequest(req, res, body);
  }

  #newSession(): StreamableHTTPServerTransport {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.#sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        this.#sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.#sessions.delete(transport.sessionId);
    };
    return transport;
  }

  /** The agent MCP server's `askCaller`: a question to the one session whose call runs. */
  askCaller(
    question: ElicitRequestFormParams,
    signal: AbortSignal,
  ): Promise<ElicitResult | undefined> {
    return this.#mcp.askCaller(question, signal);
  }

  /** Calls of the agent's tool running now, of every session. */
  get runningCalls(): number {
    return this.#mcp.runningCalls;
  }

  /** Ends every session: calls in flight abort. */
  async close(): Promise<void> {
    await this.#mcp.close();
    this.#sessions.clear();
  }
}
