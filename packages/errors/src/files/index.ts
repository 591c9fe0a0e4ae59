export {
  type BoundedRead,
  type FileReadFailure,
  fileSystemFailure,
  MAX_FILE_BYTES,
  readBoundedFile,
} from "./read-bounded-file.js";
export { firstInvalidUtf8Offset } from "./utf8-offset.js";
