import { statSync } from "node:fs";
import { resolve } from "node:path";

/** A tiny-agents Hub id as written on the command line: `owner/name`, optionally `@revision`. */
export interface HubAgentId {
  /** `owner/name`: the agent's folder in the `tiny-agents/tiny-agents` dataset. */
  id: string;
  /** Branch, tag or commit after `@`; `undefined` means `main`. */
  revision?: string;
}

// Two path segments of Hub-safe characters; a file name (agent.json, x.yaml) is a path, not an id.
const ID = /^([A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*)(?:@([^\s@]+))?$/;
const FILE_NAME = /\.(json|jsonc|ya?ml|md)$/i;

/** `owner/name[@revision]` parsed, or `undefined` when `text` is no Hub id. */
export function parseHubAgentId(text: string): HubAgentId | undefined {
  const match = ID.exec(text);
  if (!match?.[1] || FILE_NAME.test(match[1])) return undefined;
  return match[2] ? { id: match[1], revision: match[2] } : { id: match[1] };
}

/**
 * The Hub id `target` names, as tiny-agents reads it: only when no local file or folder of
 * that name exists (a local one always wins) and it has the `owner/name[@revision]` form.
 */
export function hubAgentTarget(target: string, cwd: string): HubAgentId | undefined {
  const parsed = parseHubAgentId(target);
  if (!parsed) return undefined;
  try {
    statSync(resolve(cwd, target));
    return undefined;
  } catch {
    return parsed;
  }
}
