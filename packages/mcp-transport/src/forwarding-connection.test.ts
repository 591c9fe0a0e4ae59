import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { rejection } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { everythingPath } from "./__fixtures__/real-servers.js";
import { connectServer } from "./connect-server.js";
import type { ConnectionState, McpConnection } from "./connection-types.js";
import { ForwardingConnection } from "./forwarding-connection.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

/** A decorator that changes nothing: everything it does comes from the base. */
class PlainDecorator extends ForwardingConnection {}

/** One inner connection and its decorated twin. */
interface Pair {
  inner: McpConnection;
  outer: McpConnection;
}

interface Probes {
  /** The fixture server: says a stderr line at start, announces tools/list_changed after 500 ms. */
  fx: Pair;
  /** server-everything: has resources and prompts. */
  everything: Pair;
  /** States the outer connection reported to a listener added through it. */
  states: ConnectionState[];
  /** Tool-list changes reported to a listener added through the outer connection. */
  toolListChanges: () => number;
}

/**
 * One probe per member of McpConnection, each showing that the decorator answers what the
 * inner connection answers. The type makes this a compile-time check: a member added to
 * McpConnection is a type error here until it has a probe, and the probe fails unless
 * ForwardingConnection forwards the member. `close` runs last (it ends the connections).
 */
const probes: { [K in keyof McpConnection]-?: (p: Probes) => Promise<void> | void } = {
  name: ({ fx }) => expect(fx.outer.name).toBe(fx.inner.name),
  state: ({ fx }) => {
    expect(fx.outer.state).toBe("ready");
    expect(fx.outer.state).toBe(fx.inner.state);
  },
  serverInfo: ({ fx }) => {
    expect(fx.outer.serverInfo).toBeDefined();
    expect(fx.outer.serverInfo).toBe(fx.inner.serverInfo);
  },
  capabilities: ({ fx }) => {
    expect(fx.outer.capabilities).toBeDefined();
    expect(fx.outer.capabilities).toBe(fx.inner.capabilities);
  },
  onStateChange: () => {}, // checked in `close`: the listener added through outer sees "closed"
  listTools: async ({ fx }) => {
    const tools = await fx.outer.listTools();
    expect(tools.map((tool) => tool.name)).toContain("echo");
    expect(tools).toEqual(await fx.inner.listTools());
  },
  callTool: async ({ fx }) => {
    expect(await fx.outer.callTool("echo", { text: "through" })).toEqual({
      content: [{ type: "text", text: "through" }],
    });
  },
  listResources: async ({ everything }) => {
    const resources = await everything.outer.listResources();
    expect(resources.length).toBeGreaterThan(0);
    expect(resources).toEqual(await everything.inner.listResources());
  },
  listResourceTemplates: async ({ everything }) => {
    const templates = await everything.outer.listResourceTemplates();
    expect(templates.length).toBeGreaterThan(0);
    expect(templates).toEqual(await everything.inner.listResourceTemplates());
  },
  readResource: async ({ everything }) => {
    const [first] = await everything.inner.listResources();
    const contents = await everything.outer.readResource(first?.uri ?? "");
    expect(contents.length).toBeGreaterThan(0);
    expect(contents).toEqual(await everything.inner.readResource(first?.uri ?? ""));
  },
  listPrompts: async ({ everything }) => {
    const prompts = await everything.outer.listPrompts();
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts).toEqual(await everything.inner.listPrompts());
  },
  getPrompt: async ({ everything }) => {
    const prompts = await everything.inner.listPrompts();
    const simple = prompts.find((prompt) => !prompt.arguments?.some((arg) => arg.required));
    const result = await everything.outer.getPrompt(simple?.name ?? "");
    expect(result.messages.length).toBeGreaterThan(0);
    expect(result).toEqual(await everything.inner.getPrompt(simple?.name ?? ""));
  },
  setRoots: async ({ fx }) => {
    // Opened without `roots`: only the inner connection knows to refuse, naming the server.
    const error = await rejection(fx.outer.setRoots([{ uri: "file:///tmp" }]));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain('Server "fx": setRoots needs the roots capability');
  },
  onToolsListChanged: async ({ toolListChanges }) => {
    await expect.poll(toolListChanges, { timeout: 10_000 }).toBeGreaterThan(0);
  },
  stderrTail: ({ fx }) => {
    expect(fx.outer.stderrTail()).toContain("hello from fx");
    expect(fx.outer.stderrTail()).toEqual(fx.inner.stderrTail());
  },
  close: async ({ fx, everything, states }) => {
    await fx.outer.close();
    await everything.outer.close();
    expect(fx.inner.state).toBe("closed");
    expect(everything.inner.state).toBe("closed");
    expect(states).toEqual(["closed"]);
  },
};

describe("ForwardingConnection", () => {
  it("forwards every member of McpConnection to the inner connection", async () => {
    const { command, args } = fixtureServer({
      stderrLines: ["hello from fx"],
      listChangedAfterMs: 500,
    });
    const fxInner = guard.track(
      await connectServer(
        "fx",
        { command, args, env: guard.env() },
        { reconnect: { initialRetries: 0 } },
      ),
    );
    // Listeners first: the fixture announces its tool change 500 ms after it is initialized.
    const fx = { inner: fxInner, outer: new PlainDecorator(fxInner) };
    const states: ConnectionState[] = [];
    fx.outer.onStateChange((state) => states.push(state));
    let changes = 0;
    fx.outer.onToolsListChanged(() => changes++);
    const everythingInner = guard.track(
      await connectServer(
        "everything",
        { command: process.execPath, args: [everythingPath, "stdio"], env: guard.env() },
        { reconnect: { initialRetries: 0 } },
      ),
    );
    const everything = { inner: everythingInner, outer: new PlainDecorator(everythingInner) };
    const context: Probes = { fx, everything, states, toolListChanges: () => changes };
    const { close, onToolsListChanged, ...rest } = probes;
    // The fixture adds `late_tool` 500 ms in: wait for it first, so that listTools through
    // the two connections never straddles the change.
    await onToolsListChanged(context);
    for (const probe of Object.values(rest)) await probe(context);
    await close(context);
  });

  it("defines each member on the base itself, so a decorator inherits all of them", () => {
    const own = Object.getOwnPropertyNames(ForwardingConnection.prototype);
    for (const member of Object.keys(probes)) expect(own).toContain(member);
  });
});
