import type { ContentBlock, ToolResult } from "@tinyloop/registry";
import { CliError } from "../cli-error.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { styleFor } from "../terminal/style.js";
import { connectAgentServers, type ServerFlags } from "./mcp-tools.js";

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type} ${block.mimeType}, ${Math.round((block.data.length * 3) / 4)} bytes]`;
    case "resource":
      return "text" in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
    case "resource_link":
      return `[link ${block.uri}]`;
  }
}

/** Prints a tool result as a person reads it: texts in order, other content as one-line notes. */
export function formatToolResult(result: ToolResult): string {
  const parts = result.content.map(blockText);
  if (result.structuredContent && parts.length === 0)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  return parts.join("\n");
}

/**
 * `tinyloop mcp call TOOL --args JSON`: connects the agent's servers and calls one tool
 * by its registered name. Exit 0, or 1 when the result is an error.
 */
export async function mcpCallCommand(
  tool: string,
  agentArg: string | undefined,
  flags: ServerFlags & { args?: string },
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  let args: unknown = {};
  if (flags.args !== undefined) {
    try {
      args = JSON.parse(flags.args);
    } catch (error) {
      throw new CliError({
        code: "USAGE",
        message: `--args: not valid JSON (${(error as Error).message}); example: --args '{"path": "README.md"}'`,
      });
    }
  }
  const style = styleFor(io.stdout, flags, io.env);
  const { registry } = await connectAgentServers(agentArg, flags, io, lifecycle, { style });
  const result = await registry.dispatch(tool, args);
  if (flags.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const text = formatToolResult(result);
    if (result.isError) io.stderr.write(`${style.red("error:")} ${text}\n`);
    else io.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  }
  return result.isError ? EXIT.runError : EXIT.ok;
}
