/** GPU use: `"auto"` (the best GPU node-llama-cpp finds, else the CPU) or `false` (CPU only). */
export type GpuSetting = "auto" | false;
