import type { ModelEvent } from "./types.js";

/**
 * An optional method of a model stream's iterator: hands over at once, synchronously, the
 * events it has already read and parsed (none when it has to wait). A wrapper that reads a
 * stream event by event (the text tool-call reader) takes a network read's events in one
 * go instead of one `await` each, which cost as much as the reading itself.
 */
export const takeBufferedEvents: unique symbol = Symbol("tinyloop.takeBufferedEvents");

/** An iterator that may offer {@link takeBufferedEvents}. */
export type BufferingIterator = AsyncIterator<ModelEvent> & {
  [takeBufferedEvents]?: () => ModelEvent[];
};
