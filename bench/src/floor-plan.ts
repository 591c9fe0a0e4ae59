/** One MCP server the floor connects to, as a stdio command. */
export interface FloorServer {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** One tool call the floor makes. */
export interface FloorCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/**
 * The MCP work of one scenario without an agent loop: connect every server at once, list
 * their tools, run `batches` one after another (the calls inside a batch at once), wait
 * `idleMs`, close everything.
 */
export interface FloorPlan {
  servers: FloorServer[];
  batches: FloorCall[][];
  idleMs: number;
}
