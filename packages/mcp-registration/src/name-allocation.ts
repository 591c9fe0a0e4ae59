import { disambiguatedToolName } from "./provider-safe-name.js";

/** Who holds a registered name right now. */
export type NameHolder =
  | { kind: "free" }
  | { kind: "builtin" }
  | { kind: "mcp"; server: string; tool: string };

/** Outcome of {@link allocateToolName}. */
export type NameAllocation =
  | { kind: "name"; name: string; collidedWith?: { server: string; tool: string } }
  | { kind: "builtin" };

/** More attempts than this means something is badly wrong; a clear failure beats a loop. */
const MAX_ATTEMPTS = 16;

/**
 * Picks the name a tool registers under. The base name is used when it is free or
 * already this tool's own; a built-in holding it wins (the tool is skipped); another MCP
 * tool holding it leads to a disambiguated name (`<base>_<hash of identity>`), so both
 * tools are kept and neither replaces the other.
 */
export function allocateToolName(
  baseName: string,
  identity: { prefix: string; server: string; tool: string },
  holderOf: (name: string) => NameHolder,
): NameAllocation {
  const isOwn = (holder: NameHolder) =>
    holder.kind === "mcp" && holder.server === identity.server && holder.tool === identity.tool;
  const first = holderOf(baseName);
  if (first.kind === "free" || isOwn(first)) return { kind: "name", name: baseName };
  if (first.kind === "builtin") return { kind: "builtin" };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const candidate = disambiguatedToolName(baseName, identity, attempt);
    const holder = holderOf(candidate);
    if (holder.kind === "free" || isOwn(holder)) {
      return {
        kind: "name",
        name: candidate,
        collidedWith: { server: first.server, tool: first.tool },
      };
    }
  }
  throw new Error(
    `no free name found for ${identity.server}/${identity.tool} after ${MAX_ATTEMPTS} attempts`,
  );
}
