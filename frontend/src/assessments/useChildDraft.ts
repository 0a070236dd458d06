/*
 * The child information as typed on the editor, next to what was last saved: the PID and FAMILY ID lookups run only
 * when those change, and leaving with a changed child asks first. The server's field messages are kept per field.
 */
import { useState } from 'react';
import type { AssessmentView, ChildInformation } from './assessment-types';
import { childFormValues, childPayload, EMPTY_CHILD } from './child-fields';

export function useChildDraft() {
  const [child, setChild] = useState<ChildInformation>(EMPTY_CHILD);
  const [savedCin, setSavedCin] = useState('');
  const [savedFamilyId, setSavedFamilyId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Add mode: the approved assessment the form was prefilled from (the server links the new one to it).
  const [previousAssessmentId, setPreviousAssessmentId] = useState<string | null>(null);
  // Add mode: the FAMILY ID whose caregivers the user chose to load; bound right after the first save.
  const [familyToBind, setFamilyToBind] = useState<string | null>(null);

  /** The form as the given view holds it (or empty, for a new assessment). */
  const reset = (view: AssessmentView | null) => {
    const values = view ? childFormValues(view.child ?? undefined, view.assessmentType) : EMPTY_CHILD;
    setChild(values);
    setSavedCin(values.cin ?? '');
    setSavedFamilyId(values.familyId ?? '');
    setErrors({});
  };

  /** Add mode: fill the form from the child's latest approved assessment, with its date of assessment cleared. */
  const prefill = (cin: string, source: Partial<ChildInformation>, fromAssessmentId: string) => {
    setChild({ ...childFormValues({ ...source, dateOfAssessment: '' }), cin });
    setPreviousAssessmentId(fromAssessmentId);
    setSavedCin(cin);
  };

  /** Whether the typed child differs from the one in `view` (or from an empty form, for a new assessment). */
  const differsFrom = (view: AssessmentView | null): boolean => {
    const saved = view ? childFormValues(view.child ?? undefined, view.assessmentType) : EMPTY_CHILD;
    return JSON.stringify(childPayload(child)) !== JSON.stringify(childPayload(saved));
  };

  return {
    child,
    setChild,
    savedCin,
    savedFamilyId,
    errors,
    setErrors,
    previousAssessmentId,
    familyToBind,
    setFamilyToBind,
    reset,
    prefill,
    differsFrom,
  };
}

export type ChildDraft = ReturnType<typeof useChildDraft>;
