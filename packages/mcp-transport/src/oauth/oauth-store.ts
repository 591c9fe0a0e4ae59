import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

/** What is kept per server between runs. Tokens are secrets: never print them. */
export interface StoredOAuth {
  /** The server URL the credentials belong to; another URL means starting over. */
  serverUrl: string;
  tokens?: OAuthTokens;
  /** The client registration (from dynamic registration), when one was made. */
  client?: OAuthClientInformationMixed;
  /** The loopback port of the registered redirect URI, reused so the registration stays valid. */
  callbackPort?: number;
}

/** Where OAuth credentials live, by server name. */
export interface OAuthStore {
  load(server: string): Promise<StoredOAuth | undefined>;
  save(server: string, value: StoredOAuth): Promise<void>;
  delete(server: string): Promise<boolean>;
}

/**
 * Keeps credentials in memory only (lost at exit). Like a file, it hands out copies: what a
 * caller changes in a value it saved or loaded stays out of the store until it saves again.
 */
export class MemoryOAuthStore implements OAuthStore {
  private readonly entries = new Map<string, StoredOAuth>();
  async load(server: string) {
    const stored = this.entries.get(server);
    return stored === undefined ? undefined : structuredClone(stored);
  }
  async save(server: string, value: StoredOAuth) {
    this.entries.set(server, structuredClone(value));
  }
  async delete(server: string) {
    return this.entries.delete(server);
  }
}

/**
 * One JSON file per server in `dir` (created `0700`), each written `0600`, so only the user
 * can read the tokens. File names are the server name with unsafe characters replaced.
 */
export class FileOAuthStore implements OAuthStore {
  constructor(readonly dir: string) {}

  /** The file of one server. */
  fileOf(server: string): string {
    return join(this.dir, `${server.replace(/[^A-Za-z0-9_.-]/g, "_")}.json`);
  }

  async load(server: string): Promise<StoredOAuth | undefined> {
    let text: string;
    try {
      text = await readFile(this.fileOf(server), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as StoredOAuth;
    } catch {
      return undefined; // a damaged file counts as not logged in; the next login rewrites it
    }
  }

  async save(server: string, value: StoredOAuth): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = this.fileOf(server);
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await chmod(file, 0o600); // also when the file existed with wider permissions
  }

  async delete(server: string): Promise<boolean> {
    const existed = (await this.load(server)) !== undefined;
    await rm(this.fileOf(server), { force: true });
    return existed;
  }
}
