/*
 * The routes of the assessment editor: Add, Edit, View and Edit-approved (spec 000 §2). Each route (and each
 * assessment) gets a fresh editor, so nothing typed, no open dialog and no pending command carries over.
 */
import { Navigate, useParams } from 'react-router-dom';
import { assessmentPaths } from './assessment-paths';
import { AssessmentEditor } from './AssessmentEditor';
import type { AssessmentPageMode } from './AssessmentToolbar';

export const AssessmentPage = ({ mode }: { mode: AssessmentPageMode }) => {
  const { id, onlyView } = useParams();
  if (mode === 'edit' && !id) return <Navigate to={assessmentPaths.add} replace />;
  // /assessment/childinfo/edit/{id}/{onlyView}: a true-ish onlyView opens the read-only view.
  const effectiveMode: AssessmentPageMode = mode === 'edit' && onlyView && !['false', '0'].includes(onlyView) ? 'view' : mode;
  return <AssessmentEditor key={`${effectiveMode}:${id ?? ''}`} mode={effectiveMode} id={id} />;
};
