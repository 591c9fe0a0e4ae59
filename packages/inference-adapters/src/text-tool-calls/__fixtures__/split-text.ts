/** A small seeded PRNG (mulberry32), so random splits are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `text` in pieces of 1..maxSize characters chosen by `random` (code units; a surrogate pair may be split, as on the wire it cannot, which is harsher). */
export function randomSplit(text: string, random: () => number, maxSize = 12): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; ) {
    const size = 1 + Math.floor(random() * maxSize);
    pieces.push(text.slice(index, index + size));
    index += size;
  }
  return pieces;
}

/** `text` one character per piece. */
export const charSplit = (text: string): string[] => [...text];
