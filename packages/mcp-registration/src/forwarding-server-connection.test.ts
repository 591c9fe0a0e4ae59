import { connectServer } from "@tinyloop/mcp-transport";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { guardedConnector, useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { everythingServer } from "../test/servers.js";
import { ForwardingServerConnection } from "./forwarding-server-connection.js";
import type { ServerConnection } from "./server-connection.js";

const guard = useProcessGuard();
const connect = guardedConnector(guard, connectServer);

/** A decorator that changes nothing: everything it does comes from the base. */
class PlainDecorator extends ForwardingServerConnection {}

interface Pair {
  inner: ServerConnection;
  outer: ServerConnection;
}

interface Probes {
  /** The fixture server; it announces a tool change 500 ms after it is initialized. */
  fx: Pair;
  /** server-everything: resources and prompts. */
  everything: Pair;
  states: string[];
  toolListChanges: () => number;
}

/**
 * One probe per member of ServerConnection (optional ones too): a member added to the
 * interface is a type error here until it has a probe, and the probe fails unless
 * ForwardingServerConnection forwards it.
 */
const probes: { [K in keyof ServerConnection]-?: (p: Probes) => Promise<void> | void } = {
  name: ({ fx }) => expect(fx.outer.name).toBe("fx"),
  state: ({ fx }) => expect(fx.outer.state).toBe(fx.inner.state),
  capabilities: ({ everything }) => {
    expect(everything.outer.capabilities?.resources).toBeDefined();
    expect(everything.outer.capabilities).toBe(everything.inner.capabilities);
  },
  onStateChange: () => {}, // checked at the end: the listener added through outer sees "closed"
  onToolsListChanged: async ({ toolListChanges }) => {
    await expect.poll(toolListChanges, { timeout: 10_000 }).toBeGreaterThan(0);
  },
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
    const resources = await everything.outer.listResources?.();
    expect(resources?.length).toBeGreaterThan(0);
    expect(resources).toEqual(await everything.inner.listResources?.());
  },
  listResourceTemplates: async ({ everything }) => {
    const templates = await everything.outer.listResourceTemplates?.();
    expect(templates?.length).toBeGreaterThan(0);
    expect(templates).toEqual(await everything.inner.listResourceTemplates?.());
  },
  readResource: async ({ everything }) => {
    const [first] = ((await everything.inner.listResources?.()) ?? []) as { uri: string }[];
    const contents = await everything.outer.readResource?.(first?.uri ?? "");
    expect(contents?.length).toBeGreaterThan(0);
    expect(contents).toEqual(await everything.inner.readResource?.(first?.uri ?? ""));
  },
  listPrompts: async ({ everything }) => {
    const prompts = await everything.outer.listPrompts?.();
    expect(prompts?.length).toBeGreaterThan(0);
    expect(prompts).toEqual(await everything.inner.listPrompts?.());
  },
  getPrompt: async ({ everything }) => {
    const prompts = ((await everything.inner.listPrompts?.()) ?? []) as {
      name: string;
      arguments?: { required?: boolean }[];
    }[];
    const simple = prompts.find((prompt) => !prompt.arguments?.some((arg) => arg.required));
    const result = await everything.outer.getPrompt?.(simple?.name ?? "");
    expect((result as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
    expect(result).toEqual(await everything.inner.getPrompt?.(simple?.name ?? ""));
  },
};

describe("ForwardingServerConnection", () => {
  it("forwards every member of ServerConnection to the inner connection", async () => {
    const fxInner = await connect("fx", fixtureServer({ listChangedAfterMs: 500 }));
    const fx = { inner: fxInner, outer: new PlainDecorator(fxInner) };
    const states: string[] = [];
    fx.outer.onStateChange((state) => states.push(state));
    let changes = 0;
    fx.outer.onToolsListChanged(() => changes++);
    const everythingInner = await connect("everything", everythingServer());
    const everything = { inner: everythingInner, outer: new PlainDecorator(everythingInner) };
    const context: Probes = { fx, everything, states, toolListChanges: () => changes };
    for (const probe of Object.values(probes)) await probe(context);
    await fxInner.close();
    expect(states).toEqual(["closed"]);
  });

  it("leaves out the optional members the inner connection does not have", () => {
    const minimal: ServerConnection = {
      name: "tools-only",
      state: "ready",
      onStateChange: () => () => {},
      onToolsListChanged: () => () => {},
      listTools: async () => [],
      callTool: async () => ({ content: [] }),
    };
    const outer = new PlainDecorator(minimal);
    for (const member of [
      "listResources",
      "listResourceTemplates",
      "readResource",
      "listPrompts",
      "getPrompt",
    ] as const) {
      expect(outer[member]).toBeUndefined();
    }
    expect(outer.name).toBe("tools-only");
  });
});
