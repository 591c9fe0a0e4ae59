import { describe, expect, it } from "vitest";
import { connectedLine, failureReason } from "./server-summary.js";

describe("failureReason", () => {
  it("takes the last stderr line that says something", () => {
    const tail = [
      "Error: None of the specified directories are accessible",
      "    at main (file:///x/index.js:10:5)",
      "",
      "Node.js v20.20.0",
    ];
    expect(failureReason("MCP server exited with code 1", tail)).toBe(
      "None of the specified directories are accessible",
    );
  });
  it("keeps the transport's reason when stderr is empty", () => {
    expect(failureReason("connect ECONNREFUSED", [])).toBe("connect ECONNREFUSED");
  });
});

describe("connectedLine", () => {
  it("names each failed server with its reason and counts disabled ones apart", () => {
    expect(
      connectedLine({
        ready: 0,
        total: 1,
        failed: new Map([["filesystem", "None of the specified directories are accessible"]]),
        disabled: 2,
        tools: 0,
      }),
    ).toBe(
      "connected 0/1 servers (1 failed: filesystem — None of the specified directories are accessible, 2 disabled) · 0 tools",
    );
  });
});
