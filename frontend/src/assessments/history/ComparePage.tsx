/*
 * The assessment as it was compared with today, side by side (/assessment/history/:id/compare?revision=N): every
 * field a reader checks, in two columns, the changed ones highlighted and marked in words (not by colour alone);
 * "Only changed fields" narrows the table. What has no row (caregivers, comments, sharing) is listed below it. A field
 * with no value (an item not yet rated) reads "(none)", as in the history, never as a blank cell.
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  alpha,
  type Theme,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useApiQuery } from '../../providers/useApi';
import { formatDateTime } from '../../shared/format';
import { assessmentApiPath, assessmentPaths } from '../assessment-paths';
import { AssessmentTabs } from '../AssessmentTabs';
import { useAssessmentOptions } from '../child-fields';
import { useAbsentValue } from './absent-value';
import { ChangeList } from './HistorySessions';
import type { AssessmentComparison } from './history-types';
import { comparisonRows, otherChanges, type ComparisonRow } from './snapshot-rows';
import { PastViewPending } from './PastViewPending';

// A pale tint and a bar on the left: dark text stays readable (contrast), and the bar marks the row without colour alone.
const CHANGED_ROW = {
  bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.14),
  boxShadow: (theme: Theme) => `inset 4px 0 0 ${theme.palette.warning.dark}`,
};

const SECTIONS: ComparisonRow['section'][] = ['assessment', 'child', 'ratings', 'narrative'];

const ValueCell = ({ value }: { value: string }) => {
  const none = useAbsentValue();
  return (
    <TableCell sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      {value.trim() === '' ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {none}
        </Box>
      ) : (
        value
      )}
    </TableCell>
  );
};

export const ComparePage = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.compare.${key}`, options);
  const options = useAssessmentOptions();
  const revision = search.get('revision') ?? '';
  const { data, error } = useApiQuery<AssessmentComparison>(
    `${assessmentApiPath(id, 'compare')}?revision=${encodeURIComponent(revision)}`,
    {
      retry: false,
      staleTime: Infinity,
    },
  );
  const [onlyChanged, setOnlyChanged] = useState(true);

  if (!data) return <PastViewPending id={id} error={error} label={text('title')} />;
  const then = formatDateTime(data.before.asOf.at);
  const rows = comparisonRows(data.before, data.after, data.changes, options, translate);
  const shown = onlyChanged ? rows.filter((row) => row.changed) : rows;
  const others = otherChanges(rows, data.changes);
  const changedCount = rows.filter((row) => row.changed).length + others.length;
  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={text('title')} />
      <AssessmentTabs id={id} current="history" />
      <Paper variant="outlined" sx={{ mt: 2, mb: 2, px: 2, py: 1.5 }}>
        <Typography variant="h5" component="h1">
          {text('heading', { at: then })}
        </Typography>
        <Stack direction="row" gap={1} flexWrap="wrap" useFlexGap alignItems="center" sx={{ mt: 1 }}>
          <Button startIcon={<ArrowBack />} component={RouterLink} to={assessmentPaths.history(id)}>
            {translate('cans.assessments.asOf.backToHistory')}
          </Button>
          <Button component={RouterLink} to={assessmentPaths.asOf(id, { revision: data.before.asOf.revision })}>
            {translate('cans.assessments.history.viewAsOf')}
          </Button>
          <FormControlLabel
            control={<Switch checked={onlyChanged} onChange={(event) => setOnlyChanged(event.target.checked)} />}
            label={text('onlyChanged')}
          />
        </Stack>
      </Paper>
      {changedCount === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text('noChanges')}
        </Alert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={text('heading', { at: then })} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ width: '34%' }}>
                {translate('cans.assessments.history.field')}
              </TableCell>
              <TableCell component="th" scope="col">
                {text('then', { at: then })}
              </TableCell>
              <TableCell component="th" scope="col">
                {text('now')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SECTIONS.flatMap((section) => {
              const sectionRows = shown.filter((row) => row.section === section);
              if (sectionRows.length === 0) return [];
              return [
                <TableRow key={`section-${section}`}>
                  <TableCell component="th" scope="colgroup" colSpan={3} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                    {text(`sections.${section}`)}
                  </TableCell>
                </TableRow>,
                ...sectionRows.map((row) => (
                  <TableRow key={row.field} data-changed={row.changed ? 'true' : 'false'} sx={row.changed ? CHANGED_ROW : undefined}>
                    <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', fontWeight: row.changed ? 600 : 400 }}>
                      {row.label}
                      {row.changed && (
                        <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
                          {text('changed')}
                        </Typography>
                      )}
                    </TableCell>
                    <ValueCell value={row.before} />
                    <ValueCell value={row.after} />
                  </TableRow>
                )),
              ];
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {others.length > 0 && (
        <Paper component="section" variant="outlined" aria-labelledby="other-changes" sx={{ mt: 2, px: 2, py: 1.5 }}>
          <Typography id="other-changes" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {text('otherChanges')}
          </Typography>
          <ChangeList changes={others} />
        </Paper>
      )}
    </Box>
  );
};
