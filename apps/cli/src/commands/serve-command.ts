import type { Command } from "commander";
import { addApprovalOptions } from "../approval-options.js";
import { environmentHelp } from "../help-lists.js";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { addModelOptions, cassetteOption, maxTurnsOption } from "../model-options.js";
import { modelTimeoutOptions } from "../model-timeout-options.js";
import {
  allowNoServersOption,
  endWhenOption,
  fromOption,
  reasoningOption,
  toolFormatOption,
  toolSearchOption,
  wholeNumber,
} from "../option-values.js";
import { addServerOptions } from "../server-options.js";
import type { ServeFlags } from "./serve-flags.js";

/** Adds `tinyloop serve` to the program. */
export function registerServeCommand(
  program: Command,
  io: Io,
  lifecycle: Lifecycle,
  result: { code: number },
): void {
  const serve = addListenOptions(
    program
      .command("serve")
      .description("serve the agent as an OpenAI-compatible HTTP endpoint with a chat page")
      .argument("[agent]", "agent folder or file (as for run)"),
  ).option("--mcp", "also serve the agent as a Streamable HTTP MCP server at /mcp (same key)");
  addApprovalOptions(serve, "run every tool call (nobody can approve calls in serve mode)")
    .option(
      "--approve-in-page",
      "ask in the chat page before a tool that needs approval runs (approve, deny, always for that tool) instead of refusing it",
    )
    .option(
      "--allow-image-urls",
      "fetch images clients give as http(s) URLs (off: only data URLs; the server would request any address a client sends)",
    );
  addModelOptions(serve, { apiKeyFlag: "--model-api-key-env" })
    .addOption(cassetteOption())
    .addOption(maxTurnsOption("request"))
    .addOption(modelTimeoutOptions()[0])
    .addOption(modelTimeoutOptions()[1])
    .addOption(toolSearchOption())
    .addOption(endWhenOption())
    .addOption(toolFormatOption())
    .addOption(reasoningOption())
    .addOption(allowNoServersOption())
    .addOption(fromOption());
  addServerOptions(serve)
    .addHelpText(
      "after",
      `\nEndpoints: POST /v1/chat/completions (stream or not), GET /v1/models, GET /healthz, the chat page at /;
with --mcp also /mcp (Streamable HTTP MCP, one tool ask_<name>).
Every request needs "Authorization: Bearer <key>" (without it GET /healthz says its status alone);
the chat page link printed at start carries it.
Tools that need approval (not read-only, or every tool with "approval": "always") are refused
unless --yes or --allow-tool names them (the model is told why), or, with --approve-in-page,
asked in the chat page (streaming requests).

${environmentHelp({ serve: true })}`,
    )
    .action(async (agent: string | undefined, flags: ServeFlags) => {
      // The server and its chat page load only when `serve` runs.
      const { serveCommand } = await import("./serve.js");
      result.code = await serveCommand(agent, flags, io, lifecycle);
    });
}

/** Where and how `serve` listens: port, host, the clients' key, limits, grace, model id. */
function addListenOptions(command: Command): Command {
  return command
    .option(
      "--port <n>",
      // agent-server's DEFAULT_PORT: importing it here would load agent-server into --help.
      "port to listen on (0 = a free one; default: PORT, else 8787)",
      wholeNumber(0),
    )
    .option(
      "--host <address>",
      "address to listen on; other than loopback needs --api-key-env",
      "127.0.0.1",
    )
    .option(
      "--api-key-env <name>",
      "variable holding the key clients must send (default: a generated key, printed)",
    )
    .option(
      "--max-concurrency <n>",
      "most requests running at once; more get 429",
      wholeNumber(1),
      8,
    )
    .option(
      "--max-body <bytes>",
      "largest request body; larger gets 413",
      wholeNumber(1),
      4 * 1024 * 1024,
    )
    .option(
      "--grace <seconds>",
      "on SIGTERM / Ctrl+C, how long requests in flight may finish",
      wholeNumber(0),
      10,
    )
    .option(
      "--name <id>",
      "model id clients use (default: the agent's name, else its folder or file name)",
    );
}
