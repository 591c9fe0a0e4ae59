// The zod part of @tinyloop/errors: zod is an optional peer, needed only by this entry.
export { englishErrors } from "./english-errors.js";
