import type * as AgentFiles from "@tinyloop/agent-files";
import type * as Registration from "@tinyloop/mcp-registration";
import { describe, expect, it } from "vitest";

/**
 * A compile-time test. `@tinyloop/agent-files` builds what mcp-registration's `connectAll`
 * takes, but may not import mcp-registration (ARCHITECTURE's arrows), so it declares its own
 * `AgentFileToolFilter` and `AgentFileServerEntry`; `connectAll` accepts `unknown` entries (it checks them at
 * run time), so no caller's code would notice a drift. Here both copies must stay assignable
 * to each other, both ways: a drift fails `pnpm typecheck`. The run-time expectations only
 * report that the file compiled.
 */

/** Compiles only when `_From` is assignable to `To`. */
function assignable<_From extends To, To>(): true {
  return true;
}

/** One entry of `connectAll`'s `servers` record, as mcp-registration declares it. */
type ConnectAllEntry = Registration.ServerEntry & Registration.ServerLoadOptions;

describe("server entry types of agent-files and mcp-registration (checked by typecheck)", () => {
  it("AgentFileToolFilter and ToolFilter: each package's is assignable to the other's", () => {
    expect(assignable<AgentFiles.AgentFileToolFilter, Registration.ToolFilter>()).toBe(true);
    expect(assignable<Registration.ToolFilter, AgentFiles.AgentFileToolFilter>()).toBe(true);
  });

  it("agent-files' AgentFileServerEntry is a connectAll entry and back", () => {
    expect(assignable<AgentFiles.AgentFileServerEntry, ConnectAllEntry>()).toBe(true);
    expect(assignable<ConnectAllEntry, AgentFiles.AgentFileServerEntry>()).toBe(true);
  });
});
