/*
 * The questionnaire (spec 000 §2 "Questionnaire"): domains as expandable cards with status colour, "N% Completed"
 * and description; questions with answers 0-4 and N/A (each with its description), a comment per question and a
 * pie of answer percentages. Answering saves at once; the response's questionnaire replaces the shown one, so
 * triggered modules and questions appear or vanish and progress updates.
 *
 * Keyboard: every question is a focusable group; in it the keys 0-4 and N rate, Delete clears, Arrow Up / Arrow
 * Down move to the previous / next question (Tab walks every control as usual).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Collapse,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useGetIdentity } from 'react-admin';
import { formatDateTime, ratingLabel, visuallyHidden, RATING_KEYS, type DomainView, type ModuleView, type QuestionComment, type QuestionView, type Rating, type RatingKey } from './api';
import { AnswerPie } from './AnswerPie';
import { sanitizeHtml } from './sanitize';

export const DOMAIN_STATUS_COLOURS: Record<DomainView['status'], string> = {
  complete: '#2e7d4f',
  incomplete: '#c88a12',
  notStarted: '#9aa3af',
};

const DOMAIN_STATUS_TEXT: Record<DomainView['status'], string> = {
  complete: 'Complete',
  incomplete: 'In progress',
  notStarted: 'Not started',
};

export interface QuestionnaireHandlers {
  onRate: (question: QuestionView, caregiverId: string | null, rating: Rating | null) => Promise<void>;
  onSaveComment: (question: QuestionView, caregiverId: string | null, commentId: string | null, content: string) => Promise<void>;
  onDeleteComment: (comment: QuestionComment) => Promise<void>;
  /** Spec §4: expanding a domain first checks for caregivers without a relationship; false blocks the expansion. */
  beforeExpand: () => boolean;
}

const keyToRating = (key: string): Rating | undefined => {
  if (/^[0-4]$/.test(key)) return Number(key) as Rating;
  if (key === 'n' || key === 'N') return 'NA';
  return undefined;
};

const focusSibling = (from: HTMLElement, step: 1 | -1) => {
  const all = Array.from(document.querySelectorAll<HTMLElement>('[data-question-item]'));
  const index = all.indexOf(from);
  const next = all[index + step];
  if (next) {
    next.focus();
    next.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }
};

/** What a question's rating row and its comment box both need. */
interface QuestionProps {
  question: QuestionView;
  caregiverId: string | null;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
}

const CommentBox = ({ question, caregiverId, comments, readOnly, handlers }: QuestionProps) => {
  const { identity } = useGetIdentity();
  const [editing, setEditing] = useState<{ commentId: string | null; content: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!editing) return;
    // Spec §5: text required after trimming.
    if (!editing.content.trim()) {
      setError('Comment is requreid.');
      return;
    }
    setBusy(true);
    try {
      await handlers.onSaveComment(question, caregiverId, editing.commentId, editing.content.trim());
      setEditing(null);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      {comments.map((comment) => {
        const own = !comment.authorId || String(comment.authorId) === String(identity?.id);
        return (
          <Box key={comment.commentId} sx={{ bgcolor: '#f6f8fb', borderRadius: 1, px: 1.5, py: 1, mb: 1, display: 'flex', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary">
                {comment.authorName} · {formatDateTime(comment.at)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.content}
              </Typography>
            </Box>
            {!readOnly && own && (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" aria-label={`Edit comment on ${question.name}`} onClick={() => setEditing({ commentId: comment.commentId, content: comment.content })}>
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={`Delete comment on ${question.name}`} onClick={() => handlers.onDeleteComment(comment)}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Box>
            )}
          </Box>
        );
      })}
      {editing ? (
        <Box>
          <TextField
            label={`Comment on ${question.name}`}
            value={editing.content}
            onChange={(e) => setEditing({ ...editing, content: e.target.value })}
            onKeyDown={(e) => e.stopPropagation()}
            multiline
            minRows={2}
            fullWidth
            size="small"
            autoFocus
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button size="small" onClick={() => (setEditing(null), setError(null))}>
              Cancel
            </Button>
            <Button size="small" variant="contained" onClick={save} disabled={busy}>
              Save comment
            </Button>
          </Stack>
        </Box>
      ) : (
        !readOnly && (
          <Button size="small" startIcon={<ChatBubbleOutline fontSize="small" />} onClick={() => setEditing({ commentId: null, content: '' })} aria-label={`Add comment on ${question.name}`}>
            Add comment
          </Button>
        )
      )}
    </Box>
  );
};

const QuestionItem = ({ question, caregiverId, comments, readOnly, handlers }: QuestionProps) => {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showGuide, setShowGuide] = useState(false);
  const keys = RATING_KEYS.filter((key) => question.answers[key] !== undefined || key !== 'NA');
  const current = question.rating === null || question.rating === undefined ? null : (String(question.rating) as RatingKey);

  const rate = async (rating: Rating | null) => {
    if (readOnly || saving) return;
    setSaving(true);
    setError(null);
    try {
      await handlers.onRate(question, caregiverId, rating);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Error');
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const rating = keyToRating(event.key);
    if (rating !== undefined) {
      const key = String(rating) as RatingKey;
      if (key === 'NA' && question.answers.NA === undefined) return;
      event.preventDefault();
      void rate(rating);
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

  const headingId = `q-${caregiverId ?? 'child'}-${question.code}`;
  return (
    <Box
      data-question-item
      tabIndex={0}
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
        '&:focus-visible': { boxShadow: (t) => `inset 3px 0 0 ${t.palette.primary.main}`, bgcolor: '#f7f9fd' },
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
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
            Press 0 to 4 or N to rate, Delete to clear, arrow up or down for the previous or next question.
          </Box>
          <ToggleButtonGroup
            exclusive
            value={current}
            onChange={(_, next: RatingKey | null) => rate(next === null ? null : next === 'NA' ? 'NA' : (Number(next) as Rating))}
            aria-label={`Rating for ${question.name}`}
            size="small"
            disabled={readOnly}
            sx={{
              flexWrap: 'wrap',
              '& .MuiToggleButton-root': { minWidth: 48, fontWeight: 700, color: 'text.primary' },
              '& .MuiToggleButton-root.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } },
              '& .MuiToggleButton-root.Mui-selected.Mui-disabled': { bgcolor: 'primary.light', color: 'primary.contrastText' },
            }}
          >
            {keys.map((key) => (
              <Tooltip key={key} title={question.answers[key] ?? ''} placement="top" disableInteractive>
                <ToggleButton value={key} aria-label={`${ratingLabel(key)}${question.answers[key] ? `: ${question.answers[key]}` : ''}`} color="primary">
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
                    {question.answers[key] ?? ''}
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
        aria-label={`${title}, ${domain.percentComplete}% Completed, ${DOMAIN_STATUS_TEXT[domain.status]}`}
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
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {title}
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
            </Typography>
            <Chip size="small" label={DOMAIN_STATUS_TEXT[domain.status]} sx={{ bgcolor: `${colour}1f`, color: colour, fontWeight: 600 }} />
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
