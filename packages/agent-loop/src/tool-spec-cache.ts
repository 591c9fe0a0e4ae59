import type { ToolSpec } from "@tinyloop/inference-adapters";
import type { ListFilter, ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { AGENT_TOOLSET, isExitTool } from "./exit-tools.js";

/**
 * Which registry tools an agent offers the model: the registry's own `list` filter
 * (`toolsets`, exact-name `include` and `exclude`).
 */
export type ToolFilter = ListFilter;

/** The tools offered in one turn: specs for the model, definitions by name for the loop. */
export interface OfferedTools {
  specs: ToolSpec[];
  byName: ReadonlyMap<string, ToolDefinition>;
}

/**
 * Converts the registry's tools to `ToolSpec`s once per registry `version`: a turn on an
 * unchanged registry reuses the previous conversion, a change (a server's `list_changed`,
 * a reconnect) shows at the next turn. The exit tools are always offered when enabled,
 * whatever the filter says, so a filter cannot leave the model without a way to stop.
 */
export class ToolSpecCache {
  #version = Number.NaN;
  #offered: OfferedTools = { specs: [], byName: new Map() };

  constructor(
    private readonly registry: ToolRegistry,
    private readonly filter: ToolFilter | undefined,
    private readonly exitTools: boolean,
  ) {}

  /** The tools to offer now. */
  current(): OfferedTools {
    const version = this.registry.version;
    if (version === this.#version) return this.#offered;
    const byName = new Map<string, ToolDefinition>();
    for (const definition of this.registry.list(this.filter)) {
      if (!this.exitTools && isOwnExitTool(definition)) continue;
      byName.set(definition.name, definition);
    }
    if (this.exitTools) {
      for (const definition of this.registry.list({ toolsets: [AGENT_TOOLSET] })) {
        if (isOwnExitTool(definition)) byName.set(definition.name, definition);
      }
    }
    const specs = [...byName.values()].map(toToolSpec);
    this.#offered = { specs, byName };
    this.#version = version;
    return this.#offered;
  }
}

function isOwnExitTool(definition: ToolDefinition): boolean {
  return definition.toolset === AGENT_TOOLSET && isExitTool(definition.name);
}

function toToolSpec(definition: ToolDefinition): ToolSpec {
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
  };
}
