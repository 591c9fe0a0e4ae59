import { connectAll, type McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import {
  descendantsOf,
  MARKER_VARIABLE,
  newProcessMarker,
  processesWithMarker,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";

/** A registry with built-in tools and the tools of one real fixture MCP server process ("fx"). */
export interface ToolWorld {
  registry: ToolRegistry;
  hub: McpHub;
  /** Resolves at the next re-sync of the fixture server's tools (after `list_changed`). */
  nextSync(): Promise<void>;
  /** Closes the server and resolves to every process it left behind (should be none). */
  close(): Promise<string[]>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("wait cancelled"));
      },
      { once: true },
    );
  });

/** Built-in tools (toolset `builtin`): `wait`, `shout`, `install`, `latch`. */
export function registerBuiltins(registry: ToolRegistry): void {
  const latches = new Map<string, { opened: Promise<void>; open: () => void }>();
  const latch = (name: string) => {
    let entry = latches.get(name);
    if (!entry) {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      entry = { opened, open };
      latches.set(name, entry);
    }
    return entry;
  };
  registry.register(
    {
      name: "latch",
      toolset: "builtin",
      description:
        "Finishes only after the call named `after` finished: an order set by the arguments, not by time.",
      inputSchema: {
        type: "object",
        properties: { name: { type: "string" }, after: { type: "string" } },
        required: ["name"],
      },
    },
    async (args) => {
      if (typeof args.after === "string") {
        await latch(args.after).opened;
        await new Promise((resolve) => setImmediate(resolve)); // let that call's result land first
      }
      latch(String(args.name)).open();
      return `${String(args.name)} done`;
    },
  );
  registry.register(
    {
      name: "wait",
      toolset: "builtin",
      description: "Waits ms milliseconds.",
      inputSchema: { type: "object", properties: { ms: { type: "number" } }, required: ["ms"] },
    },
    async (args, context) => {
      await sleep(Number(args.ms), context.signal);
      return `waited ${Number(args.ms)}ms`;
    },
  );
  registry.register(
    {
      name: "shout",
      toolset: "builtin",
      description: "Returns the text in capitals.",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
    (args) => String(args.text).toUpperCase(),
  );
  registry.register(
    {
      name: "install",
      toolset: "builtin",
      description: "Registers a new built-in tool called `name`.",
      inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    },
    (args) => {
      const name = String(args.name);
      registry.register(
        {
          name,
          toolset: "builtin",
          description: `Installed tool ${name}.`,
          inputSchema: { type: "object" },
        },
        () => `${name} ran`,
      );
      return `installed ${name}`;
    },
  );
}

/** Starts the fixture MCP server (tools `mcp_fx_*`) next to the built-ins. */
export async function startToolWorld(): Promise<ToolWorld> {
  const registry = new ToolRegistry();
  registerBuiltins(registry);
  const marker = newProcessMarker();
  const { command, args } = fixtureServer({ name: "fx" });
  const syncWaiters: Array<() => void> = [];
  const hub = await connectAll(
    { fx: { command, args, env: { [MARKER_VARIABLE]: marker } } },
    registry,
    {
      onEvent: (event) => {
        if (event.type === "synced") for (const wake of syncWaiters.splice(0)) wake();
      },
    },
  );
  const status = hub.servers()[0];
  if (status?.state !== "ready") {
    await hub.close();
    throw new Error(
      `fixture MCP server did not start: ${status?.state} ${status?.lastError ?? ""}`,
    );
  }
  return {
    registry,
    hub,
    nextSync: () => new Promise<void>((resolve) => syncWaiters.push(resolve)),
    close: async () => {
      await hub.close();
      const left = await waitForNoProcesses(() => [
        ...processesWithMarker(marker),
        ...descendantsOf(process.pid),
      ]);
      return left.map((proc) => `${proc.pid} ${proc.command}`);
    },
  };
}
