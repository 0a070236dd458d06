/*
 * One question of the questionnaire (spec 000 §2 "Questionnaire"): the answers the question defines (0-4 and N/A,
 * each with its description), its rating guide, its comments and a pie of answer percentages. Answering saves at once.
 *
 * Keyboard: the answers are ONE Tab stop (a roving tabindex: Arrow Left / Right, Home, End move between answers,
 * Enter or Space presses one); in a question the keys of its answers (e.g. 0-3 and N) rate, Delete clears,
 * Arrow Up / Arrow Down move to the previous / next question.
 */
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Chip, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { RATINGS, ratingLabel, toRatingKey, type Rating } from '../shared/ratings';
import { visuallyHidden } from '../shared/visually-hidden';
import { AnswerPie } from './AnswerPie';
import { CommentBox, type QuestionProps } from './QuestionComments';
import { RatingGuide } from './RatingGuide';
import { focusSibling, keyToRating, ratingErrorOf, ratingKeysText } from './question-keys';
import { sanitizeHtml } from '../shared/sanitize-html';

const ARROW_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

/** Moves focus among a question's answers; false when the key is not a move among them. */
const moveAmongAnswers = (event: KeyboardEvent<HTMLDivElement>): boolean => {
  const from = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-rating-key]') : null;
  if (!from || !ARROW_KEYS.includes(event.key)) return false;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-rating-key]'));
  const index = buttons.indexOf(from);
  const step = event.key === 'ArrowRight' ? 1 : -1;
  const target = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (index + step + buttons.length) % buttons.length;
  buttons[target]?.focus();
  return true;
};

/**
 * The keyboard hint: always read to screen readers (aria-describedby); shown to sighted keyboard users while an
 * answer has keyboard focus (:focus-visible, which a mouse click does not set, so nothing moves under a pointer).
 */
const keyboardHintSx = {
  ...visuallyHidden,
  '[data-question-item]:has(.MuiToggleButton-root:focus-visible) &': {
    position: 'static',
    width: 'auto',
    height: 'auto',
    overflow: 'visible',
    clip: 'auto',
    whiteSpace: 'normal',
    margin: 0,
    display: 'block',
    mt: 0.75,
    typography: 'caption',
    color: 'text.secondary',
  },
} as const;

export const QuestionItem = ({ question, caregiverId, comments, readOnly, handlers }: QuestionProps) => {
  const translate = useTranslate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [focusedKey, setFocusedKey] = useState<Rating | null>(null);
  // Only the answers this question defines (spec 000 §2); '4' and N/A are optional per question.
  const keys = RATINGS.filter((key) => question.answers[key] !== undefined);
  const current = toRatingKey(question.rating);
  const tabStop = focusedKey ?? (current && keys.includes(current) ? current : keys[0]);

  const rate = async (rating: Rating | null) => {
    if (readOnly || saving) return;
    setSaving(true);
    setError(null);
    try {
      await handlers.onRate(question, caregiverId, rating);
    } catch (e) {
      setError(ratingErrorOf(e));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (moveAmongAnswers(event)) {
      event.preventDefault();
      return;
    }
    const key = keyToRating(event.key);
    if (key !== undefined) {
      // A key without an answer here (e.g. 4) does nothing.
      if (!keys.includes(key)) return;
      event.preventDefault();
      void rate(key);
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      void rate(null);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const item = event.currentTarget.closest<HTMLElement>('[data-question-item]') ?? event.currentTarget;
      focusSibling(item, event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  // Leaving the answers puts the Tab stop back on the chosen answer.
  const onAnswersBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (!event.currentTarget.contains(next)) setFocusedKey(null);
  };

  const headingId = `q-${caregiverId ?? 'child'}-${question.code}`;
  return (
    <Box
      data-question-item
      tabIndex={-1}
      role="group"
      aria-labelledby={headingId}
      aria-describedby={`${headingId}-hint`}
      onKeyDown={onKeyDown}
      sx={{
        py: 2,
        px: 2,
        borderTop: '1px solid',
        borderColor: 'divider',
        outline: 'none',
        '&:focus-visible, &:focus-within': { boxShadow: (t) => `inset 3px 0 0 ${t.palette.primary.main}`, bgcolor: '#f7f9fd' },
        // The rating guide and comment buttons are large targets on a phone too.
        '& .MuiButton-root': { minHeight: { xs: 44, sm: 0 } },
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        {/* On a phone the question takes the row (its answers stay on one line) and the pie goes under it. */}
        <Box sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
            <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              {question.name}
            </Typography>
            {question.triggered && (
              <Chip size="small" label={translate('cans.assessments.questionnaire.triggered')} color="secondary" variant="outlined" />
            )}
          </Stack>
          {question.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              component="div"
              sx={{ mb: 1.5, '& p': { m: 0 } }}
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(question.description) }}
            />
          )}
          <ToggleButtonGroup
            exclusive
            value={current}
            onChange={(_, next: string | null) => rate(next === null ? null : toRatingKey(next))}
            onBlur={onAnswersBlur}
            aria-label={translate('cans.assessments.questionnaire.ratingFor', { name: question.name })}
            aria-describedby={`${headingId}-hint`}
            size="small"
            disabled={readOnly}
            sx={{
              flexWrap: 'wrap',
              // Large targets on a phone (44 px, WCAG 2.5.5); the desktop keeps the compact row.
              '& .MuiToggleButton-root': {
                minWidth: { xs: 52, sm: 48 },
                minHeight: { xs: 44, sm: 0 },
                fontWeight: 700,
                color: 'text.primary',
              },
              '& .MuiToggleButton-root.Mui-selected': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
              },
              '& .MuiToggleButton-root.Mui-selected.Mui-disabled': { bgcolor: 'primary.dark', color: 'primary.contrastText' },
            }}
          >
            {keys.map((key) => (
              <Tooltip key={key} title={question.answers[key] ?? ''} placement="top" disableInteractive>
                <ToggleButton
                  value={key}
                  data-rating-key={key}
                  tabIndex={key === tabStop ? 0 : -1}
                  onFocus={() => setFocusedKey(key)}
                  aria-label={`${ratingLabel(key)}: ${question.answers[key]}`}
                  color="primary"
                >
                  {ratingLabel(key)}
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
          <Box component="span" id={`${headingId}-hint`} sx={keyboardHintSx}>
            {translate('cans.assessments.questionnaire.keyboardHint', { keys: ratingKeysText(keys) })}
          </Box>
          {saving && <LinearProgress sx={{ mt: 1, maxWidth: 320 }} aria-label={translate('cans.assessments.questionnaire.savingRating')} />}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
          {current !== null && question.answers[current] && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              <strong>{ratingLabel(current)}</strong> — {question.answers[current]}
            </Typography>
          )}
          <RatingGuide question={question} keys={keys} />
          <CommentBox question={question} caregiverId={caregiverId} comments={comments} readOnly={readOnly} handlers={handlers} />
        </Box>
        <AnswerPie questionCode={question.code} questionName={question.name} />
      </Box>
    </Box>
  );
};
