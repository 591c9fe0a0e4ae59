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

/** A log that cuts floods; {@link RateLimitedLog.flush} says what was left out so far. */
export interface RateLimitedLog {
  (line: string): void;
  /**
   * Prints the "(N more … left out)" line of every window now and starts afresh: call it
   * when the program ends, or a flood's count is lost with the window's timer.
   */
  flush(): void;
}

interface Window {
  shown: number;
  suppressed: number;
  example: string;
  timer: NodeJS.Timeout;
}

/**
 * Wraps a log so that a flood of similar lines (a server sending thousands of log or
 * progress notifications, or the SDK warning once for each) prints at most
 * {@link LOG_LINES_PER_WINDOW} of a kind per {@link LOG_WINDOW_MS}, then one line saying how
 * many more were left out — when the window ends, or at {@link RateLimitedLog.flush}.
 */
export function rateLimitedLog(log: (line: string) => void): RateLimitedLog {
  const windows = new Map<string, Window>();
  const close = (kind: string, window: Window) => {
    clearTimeout(window.timer);
    windows.delete(kind);
    if (window.suppressed === 0) return;
    const { example } = window;
    const shown = example.length > 200 ? `${example.slice(0, 200)}…` : example;
    log(`(${window.suppressed} more line(s) like this were left out: ${shown})`);
  };
  const limited = ((line: string) => {
    const kind = kindOf(line);
    let window = windows.get(kind);
    if (!window) {
      const timer = setTimeout(() => {
        const current = windows.get(kind);
        if (current) close(kind, current);
      }, LOG_WINDOW_MS).unref();
      window = { shown: 0, suppressed: 0, example: line, timer };
      windows.set(kind, window);
    }
    if (window.shown < LOG_LINES_PER_WINDOW) {
      window.shown++;
      log(line);
    } else window.suppressed++;
  }) as RateLimitedLog;
  limited.flush = () => {
    for (const [kind, window] of [...windows]) close(kind, window);
  };
  return limited;
}
