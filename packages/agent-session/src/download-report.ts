/** A model file's download progress, as `createModel`'s `onDownloadProgress` reports it. */
export interface DownloadReport {
  /** What is downloaded, e.g. `hf:org/repo/model.gguf`. */
  uri?: string;
  downloadedBytes: number;
  /** Undefined while the size is not known. */
  totalBytes?: number | undefined;
}
