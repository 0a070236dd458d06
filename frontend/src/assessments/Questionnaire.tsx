/*
 * The questionnaire (spec 000 §2 "Questionnaire"): domains as expandable cards with status colour, "N% Completed"
 * and description; questions with the answers the question defines (0-4 and N/A, each with its description), a
 * comment per question and a pie of answer percentages. Answering saves at once; the response's questionnaire
 * replaces the shown one, so triggered modules and questions appear or vanish and progress updates.
 *
 * Keyboard: each question's answers are ONE Tab stop (a roving tabindex: Arrow Left / Right, Home, End move
 * between answers, Enter or Space presses one); in a question the keys of its answers (e.g. 0-3 and N) rate,
 * Delete clears, Arrow Up / Arrow Down move to the previous / next question.
 */
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Card, Chip, Collapse, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { ratingLabel, visuallyHidden, RATING_KEYS, type DomainView, type ModuleView, type QuestionComment, type QuestionView, type Rating, type RatingKey } from './api';
import { AnswerPie } from './AnswerPie';
import { CommentBox, type QuestionnaireHandlers, type QuestionProps } from './QuestionComments';
import { focusSibling, keyboardHint, keyToRating, ratingErrorOf, toRating } from './question-keys';
import { sanitizeHtml } from './sanitize';

export type { QuestionnaireHandlers } from './QuestionComments';

export const DOMAIN_STATUS_COLOURS: Record<DomainView['status'], string> = {
  complete: '#2e7d4f',
  incomplete: '#c88a12',
  notStarted: '#9aa3af',
};

/** Chip text on the chip's pale fill: darker tones of the status colours, for a 4.5:1 contrast. */
const DOMAIN_STATUS_TEXT_COLOURS: Record<DomainView['status'], string> = {
  complete: '#1f5a36',
  incomplete: '#6e4a00',
  notStarted: '#4a525e',
};

const DOMAIN_STATUS_TEXT: Record<DomainView['status'], string> = {
  complete: 'Complete',
  incomplete: 'In progress',
  notStarted: 'Not started',
};

const QuestionItem = ({ question, caregiverId, comments, readOnly, handlers }: QuestionProps) => {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showGuide, setShowGuide] = useState(false);
  const [focusedKey, setFocusedKey] = useState<RatingKey | null>(null);
  // Only the answers this question defines (spec 000 §2); '4' and N/A are optional per question.
  const keys = RATING_KEYS.filter((key) => question.answers[key] !== undefined);
  const current = question.rating === null || question.rating === undefined ? null : (String(question.rating) as RatingKey);
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

  const moveAmongAnswers = (event: KeyboardEvent<HTMLDivElement>): boolean => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-rating-key]');
    if (!from || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return false;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-rating-key]'));
    const index = buttons.indexOf(from);
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[target]?.focus();
    return true;
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
      void rate(toRating(key));
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      void rate(null);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const item = (event.currentTarget as HTMLElement).closest<HTMLElement>('[data-question-item]') ?? event.currentTarget;
      focusSibling(item, event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  // Leaving the answers puts the Tab stop back on the chosen answer.
  const onAnswersBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
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
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
            <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              {question.name}
            </Typography>
            {question.triggered && <Chip size="small" label="Triggered" color="secondary" variant="outlined" />}
          </Stack>
          {question.description && (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 1.5, '& p': { m: 0 } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(question.description) }} />
          )}
          <Box component="span" id={`${headingId}-hint`} sx={visuallyHidden}>
            {keyboardHint(keys)}
          </Box>
          <ToggleButtonGroup
            exclusive
            value={current}
            onChange={(_, next: RatingKey | null) => rate(next === null ? null : toRating(next))}
            onBlur={onAnswersBlur}
            aria-label={`Rating for ${question.name}`}
            aria-describedby={`${headingId}-hint`}
            size="small"
            disabled={readOnly}
            sx={{
              flexWrap: 'wrap',
              '& .MuiToggleButton-root': { minWidth: 48, fontWeight: 700, color: 'text.primary' },
              '& .MuiToggleButton-root.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } },
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
          {saving && <LinearProgress sx={{ mt: 1, maxWidth: 320 }} aria-label="Saving rating" />}
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
          <Button size="small" onClick={() => setShowGuide((s) => !s)} sx={{ mt: 0.5, px: 0 }} aria-expanded={showGuide} aria-label={`${showGuide ? 'Hide rating guide' : 'Rating guide'} for ${question.name}`}>
            {showGuide ? 'Hide rating guide' : 'Rating guide'}
          </Button>
          <Collapse in={showGuide} unmountOnExit>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '48px 1fr', rowGap: 0.5, fontSize: 14 }}>
              {keys.map((key) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 700 }}>
                    {ratingLabel(key)}
                  </Box>
                  <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                    {question.answers[key]}
                  </Box>
                </Box>
              ))}
            </Box>
          </Collapse>
          <CommentBox question={question} caregiverId={caregiverId} comments={comments} readOnly={readOnly} handlers={handlers} />
        </Box>
        <AnswerPie questionCode={question.code} questionName={question.name} />
      </Box>
    </Box>
  );
};

const ModuleBlock = ({
  module,
  caregiverId,
  comments,
  readOnly,
  handlers,
  depth,
}: {
  module: ModuleView;
  caregiverId: string | null;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
  depth: number;
}) => (
  <Box sx={{ borderTop: '1px solid', borderColor: 'divider', bgcolor: depth % 2 ? '#fbfcfe' : '#f8fafc' }}>
    <Box sx={{ px: 2, pt: 1.5, pb: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="subtitle2" component="h4" sx={{ textTransform: 'uppercase', letterSpacing: '0.05em', color: 'primary.main' }}>
        {module.name}
      </Typography>
      {module.triggered && <Chip size="small" label="Triggered module" color="secondary" />}
    </Box>
    {module.description && (
      <Typography variant="body2" color="text.secondary" component="div" sx={{ px: 2, pb: 1 }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(module.description) }} />
    )}
    <Box sx={{ pl: 1.5 }}>
      <QuestionList questions={module.questions} modules={module.modules ?? []} caregiverId={caregiverId} comments={comments} readOnly={readOnly} handlers={handlers} depth={depth + 1} />
    </Box>
  </Box>
);

const QuestionList = ({
  questions,
  modules,
  caregiverId,
  comments,
  readOnly,
  handlers,
  depth = 0,
}: {
  questions: QuestionView[];
  modules: ModuleView[];
  caregiverId: string | null;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
  depth?: number;
}) => (
  <>
    {questions.map((question) => (
      <QuestionItem
        key={question.code}
        question={question}
        caregiverId={caregiverId}
        comments={comments.filter((c) => c.questionCode === question.code && (c.caregiverId ?? null) === caregiverId)}
        readOnly={readOnly}
        handlers={handlers}
      />
    ))}
    {modules.map((module) => (
      <ModuleBlock key={module.code} module={module} caregiverId={caregiverId} comments={comments} readOnly={readOnly} handlers={handlers} depth={depth} />
    ))}
  </>
);

const domainKey = (domain: DomainView) => `${domain.code}|${domain.caregiverId ?? ''}`;

/**
 * ", " between the parts of a domain button's name ("Title, N% Completed, Status"). Inline and zero-sized rather
 * than positioned off-screen: Chromium puts a space before positioned text in the name.
 */
const NameSeparator = () => (
  <Box component="span" sx={{ fontSize: 0 }}>
    ,{' '}
  </Box>
);

const DomainCard = ({
  domain,
  open,
  onToggle,
  comments,
  readOnly,
  handlers,
}: {
  domain: DomainView & { title?: string; notice?: string | null; label?: string };
  open: boolean;
  onToggle: () => void;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
}) => {
  const colour = DOMAIN_STATUS_COLOURS[domain.status] ?? DOMAIN_STATUS_COLOURS.notStarted;
  const title = domain.title || (domain.caregiverName ? `${domain.name} (${domain.caregiverName})` : domain.name);
  const regionId = `domain-${domainKey(domain).replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <Card sx={{ mb: 1.5, borderLeft: `5px solid ${colour}`, overflow: 'visible' }} data-domain={domain.code}>
      <Box
        component="button"
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={regionId}
        sx={{
          all: 'unset',
          boxSizing: 'border-box',
          cursor: 'pointer',
          display: 'flex',
          width: '100%',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1.5,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
          '&:hover': { bgcolor: '#f7f9fc' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* The button is named by its text ("Title, N% Completed, Status"), no aria-label: the name must hold the visible text. */}
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {title}
            <NameSeparator />
          </Typography>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mt: 0.75 }}>
            <LinearProgress
              variant="determinate"
              value={domain.percentComplete}
              aria-hidden
              sx={{ flex: 1, maxWidth: 260, height: 6, borderRadius: 3, bgcolor: '#e8ecf2', '& .MuiLinearProgress-bar': { bgcolor: colour } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {domain.percentComplete}% Completed
              <NameSeparator />
            </Typography>
            <Chip size="small" label={DOMAIN_STATUS_TEXT[domain.status]} sx={{ bgcolor: `${colour}1f`, color: DOMAIN_STATUS_TEXT_COLOURS[domain.status] ?? DOMAIN_STATUS_TEXT_COLOURS.notStarted, fontWeight: 600 }} />
          </Stack>
        </Box>
        <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms', color: 'text.secondary' }} />
      </Box>
      <Collapse in={open} unmountOnExit timeout={150}>
        <Box id={regionId} role="region" aria-label={title}>
          {domain.description && (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ px: 2, pb: 1.5, '& p': { m: 0 } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(domain.description) }} />
          )}
          {domain.notice && (
            <Alert severity="info" sx={{ mx: 2, mb: 1.5 }}>
              {domain.notice}
            </Alert>
          )}
          <QuestionList questions={domain.questions ?? []} modules={domain.modules ?? []} caregiverId={domain.caregiverId ?? null} comments={comments} readOnly={readOnly} handlers={handlers} />
        </Box>
      </Collapse>
    </Card>
  );
};

export const QuestionnairePanel = ({
  domains,
  progress,
  comments,
  readOnly,
  handlers,
}: {
  domains: DomainView[];
  progress: number;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
}) => {
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Spec: clicking the open domain again collapses it and restores the scroll position from before it opened.
  const scrollBefore = useRef(0);
  const toggle = (domain: DomainView) => {
    const key = domainKey(domain);
    if (openKey === key) {
      setOpenKey(null);
      const y = scrollBefore.current;
      requestAnimationFrame(() => window.scrollTo({ top: y }));
      return;
    }
    if (!handlers.beforeExpand()) return;
    scrollBefore.current = window.scrollY;
    setOpenKey(key);
  };
  return (
    <Box>
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          Questionnaire
        </Typography>
        <LinearProgress variant="determinate" value={progress} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label="Assessment progress" />
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {progress}% Completed
        </Typography>
      </Stack>
      {domains.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          No domains to answer yet.
        </Typography>
      )}
      {domains.map((domain) => (
        <DomainCard key={domainKey(domain)} domain={domain} open={openKey === domainKey(domain)} onToggle={() => toggle(domain)} comments={comments} readOnly={readOnly} handlers={handlers} />
      ))}
    </Box>
  );
};
