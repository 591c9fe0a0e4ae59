import { describe, expect, it } from "vitest";
import { toolLine } from "./tool-line.js";

const echo = {
  name: "mcp_fx_echo",
  description: "Returns its text argument unchanged, whatever it is, however long it is.",
  annotations: { readOnlyHint: true },
};

describe("toolLine", () => {
  it("shows the name, its tags and the description, indented two spaces", () => {
    expect(toolLine(echo, { width: 200 })).toBe(
      "  mcp_fx_echo [read-only]  Returns its text argument unchanged, whatever it is, however long it is.",
    );
    expect(
      toolLine({ name: "mcp_fx_go", description: "Go." }, { held: true, serverTool: "run" }),
    ).toBe("  mcp_fx_go [via tool_search] (server name: run)  Go.");
  });

  it("without a width (a pipe) cuts the description to 80 characters", () => {
    const line = toolLine({ ...echo, description: "d".repeat(100) });
    expect(line).toBe(`  mcp_fx_echo [read-only]  ${"d".repeat(79)}…`);
  });

  it("cuts the description to the width and keeps the name whole", () => {
    const line = toolLine(echo, { width: 50 });
    expect(line).toBe("  mcp_fx_echo [read-only]  Returns its text argum…");
    expect(line).toHaveLength(50);
    const long = { name: `mcp_${"x".repeat(60)}`, description: "Anything." };
    expect(toolLine(long, { width: 50 })).toBe(`  ${long.name}`);
  });
});
