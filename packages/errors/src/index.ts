export { type BoundIssue, boundWords } from "./bound-words.js";
export { describeValue } from "./describe-value.js";
export { errorMarker, hasErrorMarker, markErrorClass } from "./error-marker.js";
export { type ExpectedGot, expectedGot } from "./expected-got.js";
export { formatKeyPath, type KeyPath, TOP_LEVEL } from "./format-key-path.js";
export { lazySchema } from "./lazy-schema.js";
export { SECRET_MASK } from "./secret-mask.js";
export { oneOf, typeWords } from "./type-words.js";
export { valueAt } from "./value-at.js";
