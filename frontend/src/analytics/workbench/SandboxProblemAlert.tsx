/*
 * What the server said of code that failed (a preview or a publish): the message, and when it names a line, a button
 * that takes the editor's cursor there.
 */
import { useTranslate } from 'react-admin';
import { Alert, Button } from '@mui/material';
import type { ApiError } from '../../providers/api-error';
import type { SandboxProblem } from './workbench-types';

export const SandboxProblemAlert = ({ error, goToLine }: { error: ApiError; goToLine: (line: number, column: number | null) => void }) => {
  const translate = useTranslate();
  const problem = error.body?.sandbox as SandboxProblem | undefined;
  return (
    <Alert
      severity="error"
      sx={{ mt: 2 }}
      action={
        problem?.line ? (
          <Button color="inherit" size="small" onClick={() => goToLine(problem.line!, problem.column)}>
            {translate('cans.analytics.workbench.goToLine', { line: problem.line })}
          </Button>
        ) : undefined
      }
    >
      {error.message}
    </Alert>
  );
};
