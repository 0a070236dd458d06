import { ConfigurationError } from './configuration-error';

/**
 * The production check of the keys the app signs and seals with (JWT_SECRET, SETTINGS_SECRET_KEY). It cannot tell
 * a random key from a clever phrase; it refuses what is clearly not random: too short, too few different
 * characters, a short pattern repeated, or mostly a run such as "abcdef…" or "123456…". Every key made by
 * `openssl rand -hex 32` (64 hex characters) or `openssl rand -base64 32` passes: the odds that 64 random hex
 * characters use fewer than 10 of the 16, or step by 0 or 1 more than half the time, are below 1 in 10^9.
 */
export const MIN_SECRET_BYTES = 32;
export const MIN_DISTINCT_CHARACTERS = 10;

/** Why the value is not a usable secret, or null. */
export function secretWeakness(value: string | undefined): string | null {
  if (!value || value.trim() === '') return 'it is not set';
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < MIN_SECRET_BYTES) return `it has ${bytes} bytes, at least ${MIN_SECRET_BYTES} are needed`;
  const characters = [...value];
  const distinct = new Set(characters).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) return `it uses ${distinct} different characters, at least ${MIN_DISTINCT_CHARACTERS} are needed`;
  if (repeatsAPattern(characters)) return 'it repeats a shorter pattern';
  if (isMostlyARun(characters)) return 'it is mostly a run of neighbouring characters (like abcdef or 123456)';
  return null;
}

/** Refuses a weak secret with one line naming the variable, why, and how to make a good one. */
export function requireStrongSecret(name: string, value: string | undefined): string {
  const weakness = secretWeakness(value);
  if (weakness) {
    throw new ConfigurationError(
      `${name} must be a random key of at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production (${weakness}). ` +
        'Make one with: openssl rand -hex 32',
    );
  }
  return value as string;
}

/** "abcabcabc…", "0123456789abcdef0123456789abcdef": the whole value is a shorter block repeated. */
function repeatsAPattern(characters: string[]): boolean {
  for (let period = 1; period <= characters.length / 2; period++) {
    if (characters.every((character, index) => index < period || character === characters[index - period])) return true;
  }
  return false;
}

/** More than half of the steps between neighbours keep the character or move it by one code point. */
function isMostlyARun(characters: string[]): boolean {
  let steps = 0;
  for (let index = 1; index < characters.length; index++) {
    if (Math.abs(characters[index].codePointAt(0)! - characters[index - 1].codePointAt(0)!) <= 1) steps++;
  }
  return steps * 2 > characters.length - 1;
}
