import { type Command, Option } from "commander";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import {
  allowNoServersOption,
  collect,
  endWhenOption,
  toolFormatOption,
  toolSearchOption,
  wholeNumber,
} from "../option-values.js";
import type { McpServeFlags } from "./mcp-serve.js";

/** Adds `tinyloop mcp serve` under `mcp` (`withServerOptions` adds --server/--url/--lazy/--verbose/--no-color). */
export function registerMcpServeCommand(
  mcp: Command,
  withServerOptions: (command: Command) => Command,
  io: Io,
  lifecycle: Lifecycle,
  result: { code: number },
): void {
  withServerOptions(
    mcp
      .command("serve")
      .description("run the agent as an MCP server on stdio: one tool, ask_<agent>")
      .argument("[agent]", "agent folder or file (as for run)")
      .option("--tool-name <name>", "the tool's name (default: ask_ and the agent's name)")
      .option("--description <text>", "the tool's description (default: from the agent's prompt)")
      .option(
        "--keep-context",
        "one conversation per MCP session: each call sees the session's earlier tasks and answers",
      )
      .option("--yes", "run every tool call (the MCP client is not asked)")
      .option(
        "--allow-tool <name>",
        "run this tool without approval; * matches any characters (repeatable)",
        collect,
        [],
      )
      .option("--model <name>", "model id (as for run)")
      .addOption(new Option("--provider <name>", "provider (as for run)"))
      .option("--endpoint-url <url>", "OpenAI-compatible base URL of the model")
      .option("--api-key-env <name>", "variable holding the model's API key")
      .option("--cassette <file>", "replay the model from a cassette (.jsonl)")
      .option("--max-turns <n>", "most model calls per tool call", wholeNumber(1))
      .addOption(toolSearchOption())
      .addOption(endWhenOption())
      .addOption(toolFormatOption())
      .addOption(allowNoServersOption()),
  )
    .addHelpText(
      "after",
      `\nIn an MCP client's config: "command": "tinyloop", "args": ["mcp", "serve", "./researcher"].
Each call of the tool ({ "task": "…", "context": "…" }) is a fresh run of the agent; its own MCP
servers start once and serve every call. stdout carries only the protocol; messages go to stderr.
Tools that need approval are refused unless --yes or --allow-tool names them; the model is told why.`,
    )
    .action(async (agent: string | undefined, flags: McpServeFlags) => {
      const { mcpServeCommand } = await import("./mcp-serve.js");
      result.code = await mcpServeCommand(agent, flags, io, lifecycle);
    });
}
