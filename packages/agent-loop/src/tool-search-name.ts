import type { ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { TOOL_SEARCH } from "./tool-search.js";
import type { ToolSearchMode } from "./tool-search-policy.js";

/**
 * The registry's tool named `tool_search`, when an agent with `toolSearch: mode` needs that
 * name for its own search over deferred tools (every mode but `"never"`); undefined when the
 * name is free for it. `new Agent(…)` and `agent.run` refuse such a registry with
 * `AgentError` `TOOL_SEARCH_TAKEN`; a program that builds its agents later (a server, one
 * per request) asks this first, so that it can refuse the setup at once.
 *
 * ```ts
 * const taken = toolSearchNameTakenBy(registry, "auto");
 * if (taken) throw new Error(`rename the tool_search of toolset ${taken.toolset}`);
 * ```
 */
export function toolSearchNameTakenBy(
  registry: ToolRegistry,
  mode: ToolSearchMode = "auto",
): ToolDefinition | undefined {
  if (mode === "never") return undefined;
  return registry.get(TOOL_SEARCH);
}
