import { Alert, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Evaluation } from '../library-types';

const NoneText = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('cans.library.evaluator.none')}
    </Typography>
  );
};

interface EvaluationResultProps {
  result: Evaluation | undefined;
  failure: string | null;
  /** Question names by code (the answer names triggered questions by code). */
  nameOfCode: ReadonlyMap<string, string>;
}

/** Which rules fired, and what an assessment would open or leave hidden. */
export const EvaluationResult = ({ result, failure, nameOfCode }: EvaluationResultProps) => {
  const translate = useTranslate();
  const reason = (code: string) => translate(`cans.library.evaluator.reasons.${code}`, { _: code });
  return (
    <Card variant="outlined" aria-live="polite" aria-label={translate('cans.library.evaluator.result_label')}>
      <CardContent>
        <Typography variant="subtitle1" fontWeight={600} gutterBottom>
          {translate('cans.library.evaluator.result')}
        </Typography>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {!result && !failure ? (
          <Typography variant="body2" color="text.secondary">
            {translate('cans.library.evaluator.prompt')}
          </Typography>
        ) : null}
        {result ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate('cans.library.evaluator.fired', { version: result.version, count: result.firedRules.length })}
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('cans.library.evaluator.triggered_modules')}
            </Typography>
            {result.triggeredModules.length ? (
              <List dense aria-label={translate('cans.library.evaluator.triggered_modules')}>
                {result.triggeredModules.map((m) => (
                  <ListItem key={`${m.id}#${m.caregiverIndex ?? ''}`} disableGutters>
                    <ListItemText
                      primary={m.name}
                      secondary={translate('cans.library.evaluator.module_questions', {
                        count: m.showQuestions.length,
                        names: m.showQuestions.map((code) => nameOfCode.get(code) ?? code).join(', '),
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <NoneText />
            )}
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('cans.library.evaluator.triggered_questions')}
            </Typography>
            {result.triggeredQuestions.length ? (
              <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                {result.triggeredQuestions.map((q) => (
                  <Chip key={`${q.id}#${q.caregiverIndex ?? ''}`} size="small" label={q.name} />
                ))}
              </Stack>
            ) : (
              <NoneText />
            )}
            {result.hiddenModules.length + result.hiddenQuestions.length ? (
              <>
                <Typography variant="subtitle2" sx={{ mt: 2 }}>
                  {translate('cans.library.evaluator.not_shown')}
                </Typography>
                <List dense>
                  {[...result.hiddenModules, ...result.hiddenQuestions].map((h, i) => (
                    <ListItem key={`${h.code}-${i}`} disableGutters>
                      <ListItemText primary={h.code} secondary={reason(h.reason)} />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};
