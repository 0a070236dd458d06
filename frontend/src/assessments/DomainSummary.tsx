/* One domain of the summary: its triggered items and a table of question, answer, description and comments. */
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../shared/format';
import { ratingLabel, toRatingKey, type Rating } from '../shared/ratings';
import { TableRegion, useSummaryText } from './summary-parts';
import type { SummaryDomain, SummaryItem } from './summary-types';

/** The rating colours darkened for white text (4.5:1); the pies keep the lighter ones. */
const RATING_BADGE_COLOURS: Record<Rating, string> = {
  '0': '#2f6b3c',
  '1': '#4a6b2a',
  '2': '#7a5800',
  '3': '#a13f1c',
  '4': '#8a2f29',
  NA: '#5b6470',
};

const AnswerBadge = ({ answer }: { answer: SummaryItem['answer'] }) => {
  const key = toRatingKey(answer);
  if (key === null)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 32,
        height: 24,
        px: 0.75,
        borderRadius: 12,
        bgcolor: RATING_BADGE_COLOURS[key] ?? '#5b6470',
        color: '#fff',
        fontWeight: 700,
        fontSize: 13,
        printColorAdjust: 'exact',
        WebkitPrintColorAdjust: 'exact',
      }}
    >
      {ratingLabel(key)}
    </Box>
  );
};

export const DomainSummary = ({ domain, full }: { domain: SummaryDomain; full?: boolean }) => {
  const text = useSummaryText();
  return (
    <Box sx={{ mb: 3, breakInside: 'avoid-page' }}>
      <Stack direction="row" spacing={1} alignItems="baseline" sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {domain.title || domain.name}
        </Typography>
        {domain.progress && (
          <Typography variant="caption" color="text.secondary">
            {domain.progress.label}
          </Typography>
        )}
      </Stack>
      {(domain.triggeredModules.length > 0 || domain.triggeredQuestions.length > 0) && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          {domain.triggeredModules.map((name) => (
            <Chip key={`m-${name}`} size="small" label={text('triggeredModule', { name })} color="secondary" variant="outlined" />
          ))}
          {domain.triggeredQuestions.map((name) => (
            <Chip key={`q-${name}`} size="small" label={text('triggeredQuestion', { name })} variant="outlined" />
          ))}
        </Stack>
      )}
      <TableRegion label={text('answersOf', { domain: domain.title || domain.name })}>
        <Table size="small" aria-label={text('answersOf', { domain: domain.title || domain.name })}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '40%' }}>{text('question')}</TableCell>
              <TableCell sx={{ width: 70 }}>{text('answer')}</TableCell>
              <TableCell>{text('descriptionComments')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {domain.items
              .filter((item) => full || item.answer !== null)
              .map((item) => (
                <TableRow key={item.questionCode} sx={{ breakInside: 'avoid', bgcolor: item.actionable ? '#fff8f3' : undefined }}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {item.question}
                    </Typography>
                    {item.moduleNames && item.moduleNames.length > 0 && (
                      <Typography variant="caption" color="text.secondary">
                        {item.moduleNames.join(' › ')}
                      </Typography>
                    )}
                    {item.triggered && <Chip size="small" label={text('triggered')} variant="outlined" sx={{ ml: 1, height: 20 }} />}
                    {full && item.description && (
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
                        {item.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <AnswerBadge answer={item.answer} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{item.answerText}</Typography>
                    {item.comments.map((comment) => (
                      <Box key={comment.commentId} sx={{ mt: 0.75, pl: 1, borderLeft: '3px solid', borderColor: 'divider' }}>
                        <Typography variant="caption" color="text.secondary">
                          {comment.authorName}, {formatDateTime(comment.at)}
                        </Typography>
                        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                          {comment.content}
                        </Typography>
                      </Box>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableRegion>
    </Box>
  );
};
