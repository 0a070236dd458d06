/**
 * Keys of the answers map of one assessment.
 *
 * A child item is answered once: its key is the question code, e.g. 'SUBSTANCE_USE'.
 * A caregiver item (an item of a caregiver domain) is answered once per caregiver: its key is the question code
 * plus '#' plus the caregiver's 0-based index in the child's caregiver list, e.g. 'CG_SUPERVISION#1' for the
 * second caregiver. (The index is a position, not the caregiver's database id; spec 000 uses caregiver id 0 for
 * "no caregiver", which is why the separator form is never used for child items.)
 */
export const CAREGIVER_KEY_SEPARATOR = '#';

export function answerKey(questionCode: string, caregiverIndex?: number): string {
  if (caregiverIndex === undefined) return questionCode;
  if (!Number.isInteger(caregiverIndex) || caregiverIndex < 0) {
    throw new RangeError(`caregiverIndex must be a whole number >= 0, got ${caregiverIndex}`);
  }
  return `${questionCode}${CAREGIVER_KEY_SEPARATOR}${caregiverIndex}`;
}

export function parseAnswerKey(key: string): { questionCode: string; caregiverIndex?: number } {
  const at = key.lastIndexOf(CAREGIVER_KEY_SEPARATOR);
  if (at < 0) return { questionCode: key };
  const index = key.slice(at + 1);
  if (!/^\d+$/.test(index)) return { questionCode: key };
  return { questionCode: key.slice(0, at), caregiverIndex: Number(index) };
}
