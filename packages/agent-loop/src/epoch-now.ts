/**
 * Now, in epoch milliseconds with sub-millisecond precision (monotonic within the process):
 * the clock of every time an agent event carries.
 */
export const epochNow = (): number => performance.timeOrigin + performance.now();
