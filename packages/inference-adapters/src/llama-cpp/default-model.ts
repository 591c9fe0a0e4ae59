/**
 * The model `tinyloop run` uses when no provider is configured and no API key is set:
 * Qwen2.5 1.5B Instruct, Q4_K_M quantization (about 1 GB, Apache-2.0). See the docs site, docs/site/models/llama-cpp.md.
 */
export const DEFAULT_LOCAL_MODEL =
  "hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf";
