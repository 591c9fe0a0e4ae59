import type { ServerStatus } from "@tinyloop/mcp-registration";

/**
 * The words `/servers` and `mcp tools` show after a server's state, with their two leading
 * spaces: a lazy server's phase (`configured`, `manifest-known`, `started`, `failed`) and
 * `lazy`, and `always loaded` for `alwaysLoad`. Empty for a plain eager server, whose state
 * already says it (`ready` is started, `failed` is failed).
 */
export function phaseLabel(status: ServerStatus): string {
  const parts: string[] = status.lazy ? [status.phase, "lazy"] : [];
  if (status.alwaysLoad) parts.push("always loaded");
  return parts.length > 0 ? `  ${parts.join(" · ")}` : "";
}
