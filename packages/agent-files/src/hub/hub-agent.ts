import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { AgentFileError } from "../agent-file-error.js";
import type { HubAgentId } from "./hub-agent-id.js";
import { HubRepoCache, hubCacheDir, TINY_AGENTS_CACHE_FOLDER } from "./hub-cache.js";
import { type HubResponse, hubGet } from "./hub-get.js";

/** The Hub dataset tiny-agents loads agent ids from. */
export const TINY_AGENTS_DATASET = "tiny-agents/tiny-agents";

/** Where a Hub agent came from, and the local folder it was fetched to. */
export interface HubAgentSource {
  /** `owner/name`. */
  id: string;
  /** The revision asked for (`main` when none was). */
  revision: string;
  /** The commit that revision resolved to: what was fetched and what trust is given to. */
  commit: string;
  /** The Hub endpoint (`HF_ENDPOINT`, else `https://huggingface.co`). */
  endpoint: string;
  /** The agent's folder in the Hub cache (`agent.json`, and `AGENTS.md` or `PROMPT.md`). */
  folder: string;
  /** The agent's page on the Hub at that commit. */
  url: string;
}

const PROMPT_FILES = ["AGENTS.md", "PROMPT.md"];
const COMMIT = /^[0-9a-f]{40}$/;
const ON = new Set(["1", "true", "yes", "on"]);

/**
 * Fetches a tiny-agents agent from the Hub dataset `tiny-agents/tiny-agents` as tiny-agents
 * does (its `agent.json`, then `AGENTS.md` or else `PROMPT.md`) into the standard Hub cache
 * (`HF_HUB_CACHE` / `HF_HOME`), over the Hub's HTTP API at `HF_ENDPOINT` (default
 * `https://huggingface.co`), with `HF_TOKEN` as bearer token when set. A commit already in
 * the cache, or any cached revision with `HF_HUB_OFFLINE=1`, is read without the network.
 * @throws AgentFileError `NOT_FOUND` (no such agent or revision), `ACCESS_DENIED` (private,
 * or the token has no access), `UNREACHABLE` (the Hub did not answer).
 */
export async function fetchHubAgent(
  hubId: HubAgentId,
  { env, signal }: { env: Record<string, string | undefined>; signal?: AbortSignal | undefined },
): Promise<HubAgentSource> {
  const endpoint = (env.HF_ENDPOINT || "https://huggingface.co").replace(/\/+$/, "");
  const revision = hubId.revision ?? "main";
  const label = `${hubId.id}@${revision}`;
  const cache = new HubRepoCache(join(hubCacheDir(env), TINY_AGENTS_CACHE_FOLDER));
  const source = (commit: string): HubAgentSource => ({
    id: hubId.id,
    revision,
    commit,
    endpoint,
    folder: join(cache.snapshot(commit), hubId.id),
    url: `${endpoint}/datasets/${TINY_AGENTS_DATASET}/tree/${commit}/${hubId.id}`,
  });
  const cached = COMMIT.test(revision) ? revision : undefined;
  if (cached && existsSync(join(source(cached).folder, "agent.json"))) return source(cached);
  if (ON.has((env.HF_HUB_OFFLINE ?? "").toLowerCase())) {
    const commit = cached ?? cache.commitOf(revision);
    if (commit && existsSync(join(source(commit).folder, "agent.json"))) return source(commit);
    throw new AgentFileError({
      code: "NOT_FOUND",
      file: label,
      problem: `HF_HUB_OFFLINE is set and this agent is not in the Hub cache (${cache.root}); unset HF_HUB_OFFLINE to fetch it from ${endpoint}`,
    });
  }

  const token = env.HF_TOKEN || undefined;
  const get = async (rev: string, name: string) => {
    const url = new URL(
      `${endpoint}/datasets/${TINY_AGENTS_DATASET}/resolve/${encodeURIComponent(rev)}/${hubId.id}/${name}`,
    );
    try {
      return await hubGet(url, { token, signal });
    } catch (error) {
      throw new AgentFileError({
        code: "UNREACHABLE",
        file: label,
        problem: `no local file or folder of that name, and the Hub agent of that id could not be fetched from ${endpoint} (${(error as Error).message}); check the path, the network or HF_ENDPOINT, or set HF_HUB_OFFLINE=1 to use the Hub cache`,
        cause: error,
      });
    }
  };

  const agentJson = await get(revision, "agent.json");
  if (agentJson.status !== 200) throw hubError(agentJson, { label, revision, endpoint, token });
  const commit = headerOf(agentJson, "x-repo-commit") ?? cached ?? revision;
  cache.store(commit, `${hubId.id}/agent.json`, etagOf(agentJson), agentJson.body);
  // The prompt at the same commit as agent.json, even if the branch moves meanwhile.
  for (const name of PROMPT_FILES) {
    const prompt = await get(commit, name);
    if (prompt.status === 200) {
      cache.store(commit, `${hubId.id}/${name}`, etagOf(prompt), prompt.body);
      break;
    }
    if (prompt.status !== 404) throw hubError(prompt, { label, revision, endpoint, token });
  }
  cache.writeRef(revision, commit);
  return source(commit);
}

function headerOf(response: HubResponse, name: string): string | undefined {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** The blob name: the Hub's `X-Linked-Etag` (large files), else its `ETag`, unquoted. */
function etagOf(response: HubResponse): string {
  const etag = headerOf(response, "x-linked-etag") ?? headerOf(response, "etag");
  const name = etag?.replace(/^W\//, "").replace(/"/g, "");
  if (name && /^[\w.-]+$/.test(name)) return name;
  // No usable ETag (a mirror that sends none): the content's own hash names the blob.
  return `sha256-${createHash("sha256").update(response.body).digest("hex")}`;
}

function hubError(
  response: HubResponse,
  {
    label,
    revision,
    endpoint,
    token,
  }: { label: string; revision: string; endpoint: string; token: string | undefined },
): AgentFileError {
  const code = headerOf(response, "x-error-code");
  const browse = `the agents are listed at ${endpoint}/datasets/${TINY_AGENTS_DATASET}`;
  if (code === "RevisionNotFound") {
    return new AgentFileError({
      code: "NOT_FOUND",
      file: label,
      problem: `the Hub has no revision "${revision}" of ${TINY_AGENTS_DATASET}; give a branch, tag or commit that exists (owner/name@main)`,
    });
  }
  if (response.status === 404 && code !== "RepoNotFound") {
    return new AgentFileError({
      code: "NOT_FOUND",
      file: label,
      problem: `no such agent in the Hub dataset ${TINY_AGENTS_DATASET} (no agent.json at ${label.replace(/@.*/, "")}/agent.json, revision ${revision}); ${browse}; a local folder of that name would be read instead`,
    });
  }
  if (response.status === 401 || response.status === 403 || code === "RepoNotFound") {
    return new AgentFileError({
      code: "ACCESS_DENIED",
      file: label,
      problem: token
        ? `the Hub refused this agent (HTTP ${response.status}): the token in HF_TOKEN has no access to it, or it does not exist; use a token with read access to ${TINY_AGENTS_DATASET}`
        : `the Hub refused this agent (HTTP ${response.status}): it is private or does not exist; if it is private, set HF_TOKEN to a token with read access (https://huggingface.co/settings/tokens)`,
    });
  }
  return new AgentFileError({
    code: "UNREACHABLE",
    file: label,
    problem: `the Hub answered HTTP ${response.status} for this agent (${endpoint}); try again later`,
  });
}
