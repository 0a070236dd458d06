/*
 * A domain of the questionnaire as an expandable card: status colour, "N% Completed", status and description; open,
 * its questions and modules.
 */
import { useTranslate } from 'react-admin';
import { Alert, Box, Card, Chip, Collapse, LinearProgress, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { DomainView, QuestionComment } from './assessment-types';
import type { QuestionnaireHandlers } from './QuestionComments';
import { QuestionList } from './QuestionList';
import { sanitizeHtml } from '../shared/sanitize-html';

type DomainStatus = DomainView['status'];

export const STATUS_COLOURS: Record<DomainStatus, string> = {
  complete: '#2e7d4f',
  incomplete: '#c88a12',
  notStarted: '#9aa3af',
};

/** Chip text on the chip's pale fill: darker tones of the status colours, for a 4.5:1 contrast. */
const STATUS_TEXT_COLOURS: Record<DomainStatus, string> = {
  complete: '#1f5a36',
  incomplete: '#6e4a00',
  notStarted: '#4a525e',
};

/** A domain as the server may send it: with a display title and a notice (e.g. why a caregiver domain is not relevant). */
export type DomainCardData = DomainView & { title?: string; notice?: string | null };

/** How far below the window's top a domain lands when brought into view: below the app bar and what stays under it
 * (the domain row on a phone, the editor's header wider). */
const DOMAIN_SCROLL_MARGIN = { xs: 124, sm: 180 };

export const domainKey = (domain: DomainView) => `${domain.code}|${domain.caregiverId ?? ''}`;

/** The title a domain shows ("Trauma (Mary Smith)" for a caregiver's): the server's refusals name domains by it. */
export const domainTitle = (domain: DomainCardData) =>
  domain.title || (domain.caregiverName ? `${domain.name} (${domain.caregiverName})` : domain.name);

/**
 * ", " between the parts of a domain button's name ("Title, N% Completed, Status"). Inline and zero-sized rather
 * than positioned off-screen: Chromium puts a space before positioned text in the name.
 */
const NameSeparator = () => (
  <Box component="span" sx={{ fontSize: 0 }}>
    ,{' '}
  </Box>
);

export const DomainCard = ({
  domain,
  open,
  onToggle,
  comments,
  readOnly,
  handlers,
}: {
  domain: DomainCardData;
  open: boolean;
  onToggle: () => void;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
}) => {
  const translate = useTranslate();
  const colour = STATUS_COLOURS[domain.status] ?? STATUS_COLOURS.notStarted;
  const title = domainTitle(domain);
  const regionId = `domain-${domainKey(domain).replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <Card
      sx={{ mb: 1.5, borderLeft: `5px solid ${colour}`, overflow: 'visible', scrollMarginTop: DOMAIN_SCROLL_MARGIN }}
      data-domain={domain.code}
      data-domain-key={domainKey(domain)}
    >
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
              sx={{
                flex: 1,
                maxWidth: 260,
                height: 6,
                borderRadius: 3,
                bgcolor: '#e8ecf2',
                '& .MuiLinearProgress-bar': { bgcolor: colour },
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {translate('cans.assessments.questionnaire.percentCompleted', { percent: domain.percentComplete })}
              <NameSeparator />
            </Typography>
            <Chip
              size="small"
              label={translate(`cans.assessments.questionnaire.domainStatus.${domain.status}`)}
              sx={{ bgcolor: `${colour}1f`, color: STATUS_TEXT_COLOURS[domain.status] ?? STATUS_TEXT_COLOURS.notStarted, fontWeight: 600 }}
            />
          </Stack>
        </Box>
        <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms', color: 'text.secondary' }} />
      </Box>
      <Collapse in={open} unmountOnExit timeout={150}>
        <Box id={regionId} role="region" aria-label={title}>
          {domain.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              component="div"
              sx={{ px: 2, pb: 1.5, '& p': { m: 0 } }}
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(domain.description) }}
            />
          )}
          {domain.notice && (
            <Alert severity="info" sx={{ mx: 2, mb: 1.5 }}>
              {domain.notice}
            </Alert>
          )}
          <QuestionList
            questions={domain.questions ?? []}
            modules={domain.modules ?? []}
            caregiverId={domain.caregiverId ?? null}
            comments={comments}
            readOnly={readOnly}
            handlers={handlers}
          />
        </Box>
      </Collapse>
    </Card>
  );
};
