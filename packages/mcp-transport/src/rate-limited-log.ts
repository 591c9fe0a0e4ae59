/** Lines of one kind passed on per window before the rest are only counted. */
export const LOG_LINES_PER_WINDOW = 5;
/** Length of a rate-limit window. */
export const LOG_WINDOW_MS = 5_000;

/** A line's kind: its text with numbers and quoted parts blanked, so repeats match. */
function kindOf(line: string): string {
  return line
    .replace(/"[^"]*"|'[^']*'/g, '""')
    .replace(/\d+/g, "#")
    .slice(0, 120);
}

/**
 * Wraps a log so that a flood of similar lines (a server sending thousands of progress
 * notifications for unknown tokens makes the SDK warn once each) prints at most
 * {@link LOG_LINES_PER_WINDOW} of a kind per {@link LOG_WINDOW_MS}, then one line saying how
 * many more were left out.
 */
export function rateLimitedLog(log: (line: string) => void): (line: string) => void {
  const windows = new Map<string, { shown: number; suppressed: number; example: string }>();
  return (line) => {
    const kind = kindOf(line);
    let window = windows.get(kind);
    if (!window) {
      window = { shown: 0, suppressed: 0, example: line };
      windows.set(kind, window);
      const current = window;
      setTimeout(() => {
        windows.delete(kind);
        if (current.suppressed > 0) {
          const example =
            current.example.length > 200 ? `${current.example.slice(0, 200)}…` : current.example;
          log(`(${current.suppressed} more line(s) like this were left out: ${example})`);
        }
      }, LOG_WINDOW_MS).unref();
    }
    if (window.shown < LOG_LINES_PER_WINDOW) {
      window.shown++;
      log(line);
    } else window.suppressed++;
  };
}
