/**
 * The initials avatar style (spec §9), drawn here rather than by a library: a coloured square with the name's initials,
 * as SVG. It is on every signed-in page (the account menu), so it must cost nothing to load; the thumbs style, which
 * only some pages show, keeps its generator (avatar-generator-thumbs.ts, loaded with its first avatar).
 */

const BACKGROUNDS = ['#be185d', '#9d174d', '#831843', '#a21caf'];

/**
 * The first letter of the first and last words, or the first two letters of a single word, upper case; what follows
 * an `@` is left out (an email address as a name), and only letters count (with their combining marks).
 */
export const initialsOf = (seed: string): string => {
  const words = seed.replace(/@.*/, '').match(/\p{L}[\p{L}\p{M}]*/gu);
  if (!words) return '';
  const first = (word: string, letters: number) =>
    new RegExp(`^(?:\\p{L}\\p{M}*){1,${letters}}`, 'u').exec(word)?.[0] ?? '';
  return (words.length === 1 ? first(words[0]!, 2) : first(words[0]!, 1) + first(words.at(-1)!, 1)).toUpperCase();
};

/** A stable colour for a name: the same person always looks the same. */
const backgroundOf = (seed: string) => {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return BACKGROUNDS[Math.abs(hash) % BACKGROUNDS.length]!;
};

export const generatedAvatarUri = (seed: string): string => {
  const name = seed || 'User';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="64" height="64">` +
    `<rect width="100" height="100" fill="${backgroundOf(name)}"/>` +
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="46" ` +
    `fill="#ffffff">${initialsOf(name)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
};
