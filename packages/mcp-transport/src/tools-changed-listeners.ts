/**
 * The listeners of a connection's `onToolsListChanged`: told when the server says its tools
 * changed and after every reconnect (the new process may serve another list). A listener that
 * throws is logged and the others are still told.
 */
export class ToolsChangedListeners {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly log: (line: string) => void) {}

  /** Adds a listener; returns the function that removes it. */
  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, in the order they were added. */
  emit(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        this.log(`onToolsListChanged listener threw: ${String(error)}`);
      }
    }
  }
}
