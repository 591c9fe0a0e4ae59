import { describe, expect, it } from "vitest";
import { ApprovalPolicy } from "./serve-approval.js";

const readOnly = { name: "mcp_fs_read_file", annotations: { readOnlyHint: true } };
const writer = { name: "mcp_fs_write_file", annotations: {} };
const call = (name: string) => ({ id: "c", name, arguments: "{}" });
const signal = new AbortController().signal;

describe("ApprovalPolicy", () => {
  it("ask: refuses tools that are not read-only, telling the model how the operator can allow them", async () => {
    const hook = new ApprovalPolicy({ mode: "ask", hint: "restart with --yes" }).hook();
    expect(await hook?.(call(readOnly.name), readOnly as never, { signal })).toBe(true);
    const refusal = await hook?.(call(writer.name), writer as never, { signal });
    expect(refusal).toMatchObject({ approved: false });
    expect((refusal as { reason: string }).reason).toMatch(
      /^mcp_fs_write_file needs approval, .*nobody can approve it.*restart with --yes/,
    );
  });

  it("always: refuses every tool not on the allow-list; globs match whole names", async () => {
    const policy = new ApprovalPolicy({ mode: "always", allow: ["mcp_fs_write_*"] });
    const hook = policy.hook();
    expect(await hook?.(call(readOnly.name), readOnly as never, { signal })).toMatchObject({
      approved: false,
    });
    expect(await hook?.(call(writer.name), writer as never, { signal })).toBe(true);
    expect(policy.allowed("xmcp_fs_write_file")).toBe(false);
    expect(policy.allowed("mcp_fs_write.file")).toBe(false);
  });

  it("never: no hook at all; * allows everything", () => {
    expect(new ApprovalPolicy({ mode: "never" }).hook()).toBeUndefined();
    expect(new ApprovalPolicy({ allow: ["*"] }).permits(writer)).toBe(true);
  });

  it("names what the agent runs as: an HTTP server by default, or the caller's words", async () => {
    const reason = async (policy: ApprovalPolicy) => {
      const answer = await policy.hook()?.(call(writer.name), writer as never, { signal });
      return (answer as { reason: string } | undefined)?.reason;
    };
    expect(await reason(new ApprovalPolicy())).toContain("runs as an unattended HTTP server");
    expect(await reason(new ApprovalPolicy({}, { runsAs: "an MCP server" }))).toContain(
      "runs as an MCP server where nobody can approve it",
    );
  });
});
