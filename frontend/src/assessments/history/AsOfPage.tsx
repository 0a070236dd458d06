/*
 * The assessment as it was (/assessment/history/:id/as-of?revision=N or ?at=ISO): rebuilt by the server from the
 * events up to that point with that moment's library version, shown read-only under a banner that says so; a slider
 * and previous / next buttons step through the changes; from here the CANS Summary and its PDF as they were, and
 * the comparison with today.
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Slider, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { API_URL } from '../../providers/dataProvider';
import { useApiQuery } from '../../providers/useApi';
import { formatDateTime } from '../../shared/format';
import { appHref, asOfQuery, assessmentApiPath, assessmentPaths, type AsOfPoint } from '../assessment-paths';
import { AssessmentHeader } from '../AssessmentHeader';
import { AssessmentTabs } from '../AssessmentTabs';
import type { AssessmentHistory, PastAssessmentView } from './history-types';
import { ReadOnlyAssessment } from './ReadOnlyAssessment';
import { PastViewPending } from './PastViewPending';
import { PdfDownloadButton } from '../../shared/PdfDownloadButton';

/** The point the address names; null when it names none. */
export function pointFromSearch(search: URLSearchParams): AsOfPoint | null {
  const revision = search.get('revision');
  if (revision !== null && /^\d+$/.test(revision)) return { revision: Number(revision) };
  const at = search.get('at');
  return at ? { at } : null;
}

/** Sentences of the changes by revision, for the banner and the slider's labels. */
const sentencesOf = (history: AssessmentHistory | undefined): Map<number, string> =>
  new Map(
    (history?.sessions ?? []).flatMap((session) =>
      session.entries.filter((entry) => entry.revision !== null).map((entry) => [entry.revision as number, entry.sentence] as const),
    ),
  );

export const AsOfPage = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.asOf.${key}`, options);
  const point = pointFromSearch(search);
  const path = point ? `${assessmentApiPath(id, 'as-of')}?${asOfQuery(point)}` : null;
  const { data: view, error } = useApiQuery<PastAssessmentView>(path, { retry: false, staleTime: Infinity });
  const { data: history } = useApiQuery<AssessmentHistory>(assessmentApiPath(id, 'history'), { retry: false, staleTime: 60_000 });
  const revision = view?.asOf.revision ?? 0;
  const last = history?.lastRevision ?? revision;
  // The slider moves freely while dragged; the page goes to the change where it is let go.
  // A drag belongs to the change it started from, so it ends when the page has moved.
  const [sliding, setSliding] = useState<{ from: number; value: number } | null>(null);
  const sliderValue = sliding && sliding.from === revision ? sliding.value : revision;
  const sentences = sentencesOf(history);
  const goTo = (next: number) => navigate(assessmentPaths.asOf(id, { revision: Math.max(0, Math.min(last, next)) }));

  if (!point) {
    return (
      <Box sx={{ mt: 2 }}>
        <AssessmentTabs id={id} current="history" />
        <Alert severity="info" sx={{ mt: 2 }}>
          {text('noPoint')}
        </Alert>
      </Box>
    );
  }
  if (!view) return <PastViewPending id={id} error={error} label={text('title')} />;
  const at = formatDateTime(view.asOf.at);
  const sentence = sentences.get(revision);
  const past = { revision };
  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={text('title')} />
      <AssessmentTabs id={id} current="history" />
      <AssessmentHeader title={text('title')} view={view} toolbar={null} />
      <Alert severity="info" sx={{ mb: 2 }} role="status">
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {text('banner', { at, revision, last })}
        </Typography>
        {sentence && <Typography variant="body2">{text('bannerSentence', { sentence })}</Typography>}
      </Alert>
      <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2 }}>
        <Stack direction="row" alignItems="center" gap={2} flexWrap="wrap" useFlexGap>
          <Button startIcon={<NavigateBefore />} onClick={() => goTo(revision - 1)} disabled={revision <= 0} aria-label={text('previous')}>
            {text('previous')}
          </Button>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0, px: 1 }}>
            <Slider
              aria-label={text('step')}
              min={0}
              max={Math.max(last, 1)}
              step={1}
              value={sliderValue}
              disabled={last <= 0}
              valueLabelDisplay="auto"
              getAriaValueText={(value) => sentences.get(value) ?? text('stepValue', { revision: value })}
              valueLabelFormat={(value) => text('stepValue', { revision: value })}
              onChange={(_, value) => setSliding({ from: revision, value: value as number })}
              onChangeCommitted={(_, value) => goTo(value as number)}
            />
          </Box>
          <Button endIcon={<NavigateNext />} onClick={() => goTo(revision + 1)} disabled={revision >= last} aria-label={text('next')}>
            {text('next')}
          </Button>
        </Stack>
        <Stack direction="row" gap={1} flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
          <Button startIcon={<ArrowBack />} component={RouterLink} to={assessmentPaths.history(id)}>
            {text('backToHistory')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={assessmentPaths.compare(id, revision)}>
            {translate('cans.assessments.history.compare')}
          </Button>
          <Button variant="outlined" href={appHref(`${assessmentPaths.summary(id)}?${asOfQuery(past)}`)} target="_blank" rel="noopener">
            {text('summary')}
          </Button>
          <PdfDownloadButton
            href={`${API_URL}${assessmentApiPath(id, 'summary.pdf')}?${asOfQuery(past)}`}
            label={text('summaryPdf')}
            fallbackName="CANS_Summary.pdf"
          />
        </Stack>
      </Paper>
      <ReadOnlyAssessment view={view} />
    </Box>
  );
};
