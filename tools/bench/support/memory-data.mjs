// The synthetic memories the memory benchmarks store and the questions they ask (bench:memory, bench:rss):
// short first-person facts built from made-up names, places and things, drawn from a seeded PRNG so every
// run of every bench stores and asks the same texts.

/** Deterministic PRNG (mulberry32). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'ri', 'mo', 'ten', 'sa', 'lu', 'vor', 'nie', 'pa', 'gro', 'di', 'shi', 'wen', 'ba'];
const CATEGORIES = ['personal', 'work', 'preference', 'interest'];

/**
 * A generator of memories and questions over one vocabulary, from `seed`: `item()` is the next memory to
 * store (`{ text, category, importance }`), `queries` the questions asked of them, `rand` the PRNG itself.
 */
export function memoryData(seed = 42, { queries = 200 } = {}) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const word = () => Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(SYLLABLES)).join('');
  const NAMES = Array.from({ length: 400 }, () => word().replace(/^./, (c) => c.toUpperCase()));
  const PLACES = Array.from({ length: 300 }, () => word().replace(/^./, (c) => c.toUpperCase()));
  const THINGS = Array.from({ length: 3000 }, word);
  const TEMPLATES = [
    (n, p, t) => `${n} moved to ${p} last spring and loves the ${t} there`,
    (n, p, t) => `My friend ${n} gave me a ${t} when we met in ${p}`,
    (n, p, t) => `I prefer ${t} over ${pick(THINGS)} in the morning, ${n} agrees`,
    (n, p, t) => `Meeting with ${n} about the ${t} project in the ${p} office on Tuesday`,
    (n, p, t) => `${n} is allergic to ${t} and never travels to ${p} in summer`,
    (n, p, t) => `Bought a ${t} and a ${pick(THINGS)} for ${n}'s birthday party in ${p}`,
  ];
  const memoryText = () => pick(TEMPLATES)(pick(NAMES), pick(PLACES), pick(THINGS));
  const QUERIES = Array.from({ length: queries }, () =>
    pick([
      () => `where did ${pick(NAMES)} move`,
      () => `what is ${pick(NAMES)} allergic to`,
      () => `${pick(THINGS)} project meeting`,
      () => `gift from ${pick(NAMES)} in ${pick(PLACES)}`,
      () => `what do I prefer in the morning`,
    ])(),
  );
  const item = () => ({
    text: memoryText(),
    category: pick(CATEGORIES),
    importance: Math.round(rand() * 100) / 100,
  });
  return { rand, item, queries: QUERIES };
}
