import type { ToolSpec } from "@tinyloop/inference-adapters";
import type { ListFilter, ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { AGENT_TOOLSET, isExitTool } from "./exit-tools.js";
import { TOOL_SEARCH, toolSearchDefinition } from "./tool-search.js";
import { deferredNames, type ToolSearchMode } from "./tool-search-policy.js";

/** The tools of one turn: specs for the model, what may be called, what waits for a search. */
export interface OfferedTools {
  /** Sent to the model: the tools not kept back, the loaded ones and `tool_search` if needed. */
  specs: ToolSpec[];
  /**
   * What the model may call, by name: every offered tool and also the kept-back ones (a model
   * that read a name in an earlier search result can call it without searching again).
   */
  byName: ReadonlyMap<string, ToolDefinition>;
  /** Every kept-back tool, loaded or not: what `tool_search` searches. */
  deferred: readonly ToolDefinition[];
}

/** How the cache decides what to keep back (see `ToolSearchMode`). */
export interface ToolSearchSettings {
  mode: ToolSearchMode;
  budgetTokens: number;
}

/**
 * Converts the registry's tools to `ToolSpec`s once per registry `version` and set of
 * loaded tools: a turn on an unchanged registry reuses the previous conversion, a change (a
 * server's `list_changed`, a reconnect, a `tool_search`) shows at the next turn. The exit
 * tools are always offered when enabled, whatever the filter says, so a filter cannot leave
 * the model without a way to stop; they and `tool_search` are never kept back.
 */
export class ToolSpecCache {
  #key = "";
  #offered: OfferedTools = { specs: [], byName: new Map(), deferred: [] };
  readonly #loaded = new Set<string>();
  #loadedVersion = 0;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly filter: ListFilter | undefined,
    private readonly exitTools: boolean,
    private readonly search: ToolSearchSettings = { mode: "never", budgetTokens: 0 },
  ) {}

  /** Names that `tool_search` loaded; they stay offered until {@link unload}. */
  get loaded(): ReadonlySet<string> {
    return this.#loaded;
  }

  /** Offers these kept-back tools from the next {@link current} on. */
  load(names: Iterable<string>): void {
    const before = this.#loaded.size;
    for (const name of names) this.#loaded.add(name);
    if (this.#loaded.size !== before) this.#loadedVersion++;
  }

  /** Forgets every loaded tool (a new conversation). */
  unload(): void {
    if (this.#loaded.size === 0) return;
    this.#loaded.clear();
    this.#loadedVersion++;
  }

  /** The tools to offer now. */
  current(): OfferedTools {
    const key = `${this.registry.version}:${this.#loadedVersion}`;
    if (key === this.#key) return this.#offered;
    const byName = new Map<string, ToolDefinition>();
    for (const definition of this.registry.list(this.filter)) {
      if (!this.exitTools && isOwnExitTool(definition)) continue;
      byName.set(definition.name, definition);
    }
    const keptBack = deferredNames(
      [...byName.values()],
      this.registry,
      this.search.mode,
      this.search.budgetTokens,
    );
    for (const name of keptBack) {
      const definition = byName.get(name);
      if (definition && isOwnExitTool(definition)) keptBack.delete(name); // never hide the way out
    }
    if (this.exitTools) {
      for (const definition of this.registry.list({ toolsets: [AGENT_TOOLSET] })) {
        if (isOwnExitTool(definition)) byName.set(definition.name, definition);
      }
    }
    const deferred = [...byName.values()].filter((tool) => keptBack.has(tool.name));
    const waiting = deferred.filter((tool) => !this.#loaded.has(tool.name));
    const offered = [...byName.values()].filter(
      (tool) => !keptBack.has(tool.name) || this.#loaded.has(tool.name),
    );
    if (deferred.length > 0) {
      // Still offered once everything is loaded, so a history with search calls stays valid.
      const search = toolSearchDefinition(waiting);
      offered.push(search);
      byName.set(TOOL_SEARCH, search);
    }
    this.#offered = { specs: offered.map(toToolSpec), byName, deferred };
    this.#key = key;
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
