import type * as Adapters from "@tinyloop/inference-adapters";
import type * as Registry from "@tinyloop/registry";
import { describe, expect, it } from "vitest";

/**
 * A compile-time test. `@tinyloop/registry` and `@tinyloop/inference-adapters` each declare
 * the content blocks of a tool result (neither may import the other); this package hands
 * the registry's `ToolResult` to a model as a `tool` message, so here both copies must stay
 * assignable to each other, both ways. A drift fails `pnpm --filter @tinyloop/agent-loop
 * typecheck` (and so `pnpm typecheck` in CI) with the property that differs; the run-time
 * expectations only report that the file compiled.
 */

/** Compiles only when `_From` is assignable to `To`. */
function assignable<_From extends To, To>(): true {
  return true;
}

type ToolMessage = Extract<Adapters.ChatMessage, { role: "tool" }>;

/**
 * What a `tool` message carries of a tool result. Only these fields are compared, so the
 * registry's `ToolResult` may grow fields the model never sees (`structuredContent`, …).
 */
type ModelVisible = "content" | "isError";

describe("content types of registry and inference-adapters (checked by typecheck)", () => {
  it("ContentBlock: each package's union is assignable to the other's", () => {
    expect(assignable<Registry.ContentBlock, Adapters.ContentBlock>()).toBe(true);
    expect(assignable<Adapters.ContentBlock, Registry.ContentBlock>()).toBe(true);
  });

  it("each block type is assignable to its namesake, both ways", () => {
    expect(assignable<Registry.TextContent, Adapters.TextContent>()).toBe(true);
    expect(assignable<Adapters.TextContent, Registry.TextContent>()).toBe(true);
    expect(assignable<Registry.ImageContent, Adapters.ImageContent>()).toBe(true);
    expect(assignable<Adapters.ImageContent, Registry.ImageContent>()).toBe(true);
    expect(assignable<Registry.AudioContent, Adapters.AudioContent>()).toBe(true);
    expect(assignable<Adapters.AudioContent, Registry.AudioContent>()).toBe(true);
    expect(assignable<Registry.EmbeddedResourceContent, Adapters.EmbeddedResourceContent>()).toBe(
      true,
    );
    expect(assignable<Adapters.EmbeddedResourceContent, Registry.EmbeddedResourceContent>()).toBe(
      true,
    );
    expect(assignable<Registry.ResourceLinkContent, Adapters.ResourceLinkContent>()).toBe(true);
    expect(assignable<Adapters.ResourceLinkContent, Registry.ResourceLinkContent>()).toBe(true);
  });

  it("a ToolResult's content and isError are a tool message's, both ways", () => {
    expect(
      assignable<Pick<Registry.ToolResult, ModelVisible>, Pick<ToolMessage, ModelVisible>>(),
    ).toBe(true);
    expect(
      assignable<Pick<ToolMessage, ModelVisible>, Pick<Registry.ToolResult, ModelVisible>>(),
    ).toBe(true);
  });
});
