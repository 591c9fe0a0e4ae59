// The named places of a sandbox policy, with no imports: the config entry (and its schema)
// reads them without loading the policy code.

/**
 * The secret places a sandboxed server never reads (unless its `allowRead` names one),
 * relative to the home folder: keys, cloud and registry credentials, browser profiles.
 */
export const SECRET_PLACES: readonly string[] = Object.freeze([
  ".ssh",
  ".aws",
  ".gnupg",
  ".config/gh",
  ".config/gcloud",
  ".azure",
  ".kube",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".docker/config.json",
  ".git-credentials",
  ".mozilla",
  ".config/google-chrome",
  ".config/chromium",
  ".config/BraveSoftware",
  ".config/microsoft-edge",
  "snap/chromium",
  "snap/firefox",
  "Library/Application Support/Google/Chrome",
  "Library/Application Support/Firefox",
  "Library/Application Support/BraveSoftware",
  "Library/Safari",
  "Library/Keychains",
]);

/**
 * Named host lists for `allowHosts`: what a server started by `npx` / `uvx` needs to
 * fetch its package (`allowHosts: ["@npm"]`).
 */
export const HOST_PRESETS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "@npm": ["registry.npmjs.org"],
  "@pypi": ["pypi.org", "files.pythonhosted.org"],
});

/** The Debian packages a Linux sandbox needs, in the one install line every message gives. */
export const SANDBOX_INSTALL_LINE = "apt-get install -y bubblewrap socat ripgrep";

/** The variable naming a Node ≥ 22.12 to run the sandbox runtime with when this Node is older. */
export const SANDBOX_NODE_VARIABLE = "TINYLOOP_SANDBOX_NODE";
