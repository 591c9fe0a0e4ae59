import { visibleControls } from "@tinyloop/agent-session";
import { parseToolArguments, toolResultText } from "@tinyloop/registry";
import { CliError } from "../cli-error.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { styleFor } from "../terminal/style.js";
import { connectAgentServers, type ServerFlags } from "./mcp-tools.js";

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
  // The registry's own parsing, so --args is read as a model's arguments would be (an object
  // is required); a mistake is a usage error here rather than an error result.
  const args = parseToolArguments(flags.args, tool);
  if (!args.ok) throw new CliError({ code: "USAGE", message: `--args: ${args.message}` });
  const style = styleFor(io.stdout, flags, io.env);
  const { registry } = await connectAgentServers(agentArg, flags, io, lifecycle, { style });
  const result = await registry.dispatch(tool, args.value);
  if (flags.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    // Media with their sizes, structured content indented: a person reads it.
    const text = visibleControls(toolResultText(result, { sizes: true, indent: 2 }));
    if (result.isError) io.stderr.write(`${style.red("error:")} ${text}\n`);
    else io.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  }
  return result.isError ? EXIT.runError : EXIT.ok;
}
