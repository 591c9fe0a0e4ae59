import { InferenceError } from "../inference-error.js";
import { NODE_LLAMA_CPP_VERSION } from "./node-llama-cpp-version.js";

/** The module type of node-llama-cpp (types only; the code is loaded on demand). */
export type NodeLlamaCppModule = typeof import("node-llama-cpp");

const loaded = new Map<string, Promise<NodeLlamaCppModule>>();

function isModuleNotFound(error: unknown, specifier: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message.includes(specifier)
  );
}

/**
 * Imports node-llama-cpp with a dynamic import, so that only this subpath ever loads it.
 * Not installed → `InferenceError` `CONFIG_INVALID` saying how to install it.
 */
export function loadNodeLlamaCpp(specifier = "node-llama-cpp"): Promise<NodeLlamaCppModule> {
  let pending = loaded.get(specifier);
  if (!pending) {
    pending = (import(specifier) as Promise<NodeLlamaCppModule>).catch((error: unknown) => {
      loaded.delete(specifier);
      if (isModuleNotFound(error, specifier)) {
        throw new InferenceError({
          code: "CONFIG_INVALID",
          provider: "local",
          message:
            `The local provider needs the optional package "${specifier}", which is not installed. ` +
            `Install it next to @tinyloop/inference-adapters: npm i node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`,
          cause: error,
        });
      }
      throw new InferenceError({
        code: "CONFIG_INVALID",
        provider: "local",
        message: `Could not load "${specifier}": ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    });
    loaded.set(specifier, pending);
  }
  return pending;
}
