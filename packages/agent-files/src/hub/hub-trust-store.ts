import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { HubAgentSource } from "./hub-agent.js";

/** The Hub agent revisions a user trusted, kept in one JSON file (see {@link hubTrustStore}). */
export interface HubTrustStore {
  /** The file the records are kept in. */
  readonly file: string;
  /** Whether this revision (Hub, agent id, commit) was trusted before. */
  isTrusted(source: HubAgentSource): boolean;
  /** Remembers this revision as trusted, with the time (the file is written `0600`). */
  trust(source: HubAgentSource): void;
}

/** The key of one trusted revision: the Hub, the agent and the commit it resolved to. */
function trustKey(source: HubAgentSource): string {
  return `${source.endpoint}/${source.id}@${source.commit}`;
}

function readTrusted(file: string): Record<string, string> {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The trust records of Hub agents in `file`: a revision is trusted per commit, so a new commit
 * of the same agent (its servers may run other commands) must be trusted again. A missing or
 * unreadable file trusts nothing.
 */
export function hubTrustStore(file: string): HubTrustStore {
  return {
    file,
    isTrusted: (source) => Boolean(readTrusted(file)[trustKey(source)]),
    trust: (source) => {
      const trusted = readTrusted(file);
      trusted[trustKey(source)] = new Date().toISOString();
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(trusted, null, 2)}\n`, { mode: 0o600 });
    },
  };
}
