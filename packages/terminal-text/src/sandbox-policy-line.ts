import { homedir } from "node:os";
import type { SandboxPolicy } from "@tinyloop/mcp-transport/config";

/** How many denied places the line names before it counts the rest. */
const NAMED_DENIALS = 4;

/**
 * A sandboxed server's policy in one line, two spaces in, as `mcp tools`, `/servers` and a Hub
 * agent's trust prompt show it: `sandbox: writes ~/proj, a private temp folder · reaches no
 * network · reads all but 31 places (~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gh, …)`. Paths under
 * `home` are written `~/…`.
 */
export function sandboxPolicyLine(policy: SandboxPolicy, home: string = homedir()): string {
  const short = (path: string) =>
    path === home ? "~" : path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
  const writes = [...policy.allowWrite.map(short), "a private temp folder"].join(", ");
  const reaches = policy.allowHosts.length > 0 ? policy.allowHosts.join(", ") : "no network";
  const named = policy.denyRead.slice(0, NAMED_DENIALS).map(short);
  const more = policy.denyRead.length > NAMED_DENIALS ? ", …" : "";
  const again =
    policy.allowRead.length > 0 ? `; reads again ${policy.allowRead.map(short).join(", ")}` : "";
  return `  sandbox: writes ${writes} · reaches ${reaches} · reads all but ${policy.denyRead.length} places (${named.join(", ")}${more})${again}`;
}
