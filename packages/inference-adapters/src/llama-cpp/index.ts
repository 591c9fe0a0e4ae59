export type {
  LlamaCppChatModel,
  LlamaCppModelDetails,
  LlamaCppSettings,
} from "./create-llama-cpp.js";
export { createLlamaCpp } from "./create-llama-cpp.js";
export { DEFAULT_LOCAL_MODEL } from "./default-model.js";
export type { DownloadProgress } from "./download-model.js";
export type { GpuSetting } from "./gpu-setting.js";
export { defaultModelCacheDir } from "./model-cache-dir.js";
export { NODE_LLAMA_CPP_VERSION } from "./node-llama-cpp-version.js";
export type { ResolveModelOptions } from "./resolve-model-file.js";
export { resolveModelFile } from "./resolve-model-file.js";
