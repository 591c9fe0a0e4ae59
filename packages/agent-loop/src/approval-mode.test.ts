import { describe, expect, it } from "vitest";
import { needsApproval } from "./approval-mode.js";

describe("needsApproval", () => {
  const readOnly = { annotations: { readOnlyHint: true } };
  const writes = { annotations: { readOnlyHint: false, destructiveHint: true } };
  const unannotated = {};

  it("ask: every tool but those annotated read-only", () => {
    expect(needsApproval("ask", readOnly)).toBe(false);
    expect(needsApproval("ask", writes)).toBe(true);
    expect(needsApproval("ask", unannotated)).toBe(true);
  });

  it("always asks, never does not, whatever the annotations", () => {
    expect([readOnly, writes, unannotated].map((tool) => needsApproval("always", tool))).toEqual([
      true,
      true,
      true,
    ]);
    expect([readOnly, writes, unannotated].map((tool) => needsApproval("never", tool))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
