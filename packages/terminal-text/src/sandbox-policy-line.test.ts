import { sandboxPolicyFor } from "@tinyloop/mcp-transport/config";
import { describe, expect, it } from "vitest";
import { sandboxPolicyLine } from "./sandbox-policy-line.js";

describe("sandboxPolicyLine", () => {
  it("says what a sandboxed server writes, reaches and may not read, home folder as ~", () => {
    const policy = sandboxPolicyFor(
      { allowWrite: ["~/notes"], allowHosts: ["@npm"], allowRead: ["~/.aws/public"] },
      { workFolder: "/srv/work", home: "/home/ann" },
    );
    if (!policy) throw new Error("expected a policy");
    expect(sandboxPolicyLine(policy, "/home/ann")).toBe(
      `  sandbox: writes /srv/work, ~/notes, a private temp folder · reaches registry.npmjs.org · reads all but ${policy.denyRead.length} places (~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gh, …); reads again ~/.aws/public`,
    );
  });

  it("says no network when the policy names no host", () => {
    const policy = sandboxPolicyFor(true, { workFolder: "/w", home: "/h" });
    if (!policy) throw new Error("expected a policy");
    expect(sandboxPolicyLine(policy, "/h")).toContain(" · reaches no network · ");
  });
});
