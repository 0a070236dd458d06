/*
 * The narrative as typed: it follows the saved one whenever that changes (a save, a reload), not on other updates
 * of the assessment, so a rating saved meanwhile keeps the text being typed. The server's field messages are kept
 * per section.
 */
import { useState } from 'react';
import type { AssessmentView, Narrative } from './assessment-types';
import { EMPTY_NARRATIVE } from './NarrativeCard';

const narrativeOf = (view: AssessmentView | null): Narrative => ({ ...EMPTY_NARRATIVE, ...(view?.narrative ?? {}) });

export function useNarrativeDraft(view: AssessmentView | null) {
  const savedKey = JSON.stringify(view?.narrative ?? null);
  const [followedKey, setFollowedKey] = useState(savedKey);
  const [draft, setDraft] = useState<Narrative>(() => narrativeOf(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Adjusting state while rendering (React's pattern for state derived from a prop change), not in an effect.
  if (followedKey !== savedKey) {
    setFollowedKey(savedKey);
    setDraft(narrativeOf(view));
  }
  return { draft, setDraft, errors, setErrors };
}

export type NarrativeDraft = ReturnType<typeof useNarrativeDraft>;
