/*
 * The questionnaire (spec 000 §2 "Questionnaire"): overall progress and the domains, one open at a time. Answering
 * saves at once; what the save changed is merged into the shown questionnaire (rating-merge.ts), so progress updates
 * and triggered modules and questions appear or vanish.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import type { DomainView, QuestionComment } from './assessment-types';
import { DomainCard, domainKey, domainTitle } from './DomainCard';
import { DomainNavigator } from './DomainNavigator';
import type { DomainRequest } from './useEditorDialogs';
import type { QuestionnaireHandlers } from './QuestionComments';

export const QuestionnairePanel = ({
  domains,
  progress,
  comments,
  readOnly,
  handlers,
  openRequest,
}: {
  domains: DomainView[];
  progress: number;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
  /** A domain to open from outside (a line of the completion refusal), by its title. */
  openRequest?: DomainRequest | null;
}) => {
  const translate = useTranslate();
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Opened from outside: the domain opens and comes into view (each request once, by its sequence number).
  const [servedRequest, setServedRequest] = useState<number | null>(null);
  const requested = openRequest ? domains.find((domain) => domainTitle(domain) === openRequest.title) : undefined;
  if (openRequest && requested && servedRequest !== openRequest.seq) {
    setServedRequest(openRequest.seq);
    setOpenKey(domainKey(requested));
  }
  useEffect(() => {
    if (servedRequest === null || !openKey) return;
    document.querySelector(`[data-domain-key="${CSS.escape(openKey)}"]`)?.scrollIntoView({ block: 'start' });
  }, [servedRequest]); // eslint-disable-line react-hooks/exhaustive-deps -- only when a request was served
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
  // Chosen in the domain row: the domain opens (if it was not) and its card comes to the top, once per choice.
  const [chosen, setChosen] = useState<{ key: string; seq: number } | null>(null);
  useEffect(() => {
    if (chosen) document.querySelector(`[data-domain-key="${CSS.escape(chosen.key)}"]`)?.scrollIntoView({ block: 'start' });
  }, [chosen]);
  const choose = (domain: DomainView) => {
    const key = domainKey(domain);
    if (openKey !== key) {
      if (!handlers.beforeExpand()) return;
      scrollBefore.current = window.scrollY;
      setOpenKey(key);
    }
    setChosen({ key, seq: (chosen?.seq ?? 0) + 1 });
  };
  return (
    <Box>
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {translate('cans.assessments.questionnaire.title')}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-label={translate('cans.assessments.questionnaire.progress')}
        />
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {translate('cans.assessments.questionnaire.percentCompleted', { percent: progress })}
        </Typography>
      </Stack>
      {domains.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {translate('cans.assessments.questionnaire.noDomains')}
        </Typography>
      )}
      <DomainNavigator domains={domains} openKey={openKey} onSelect={choose} />
      {domains.map((domain) => (
        <DomainCard
          key={domainKey(domain)}
          domain={domain}
          open={openKey === domainKey(domain)}
          onToggle={() => toggle(domain)}
          comments={comments}
          readOnly={readOnly}
          handlers={handlers}
        />
      ))}
    </Box>
  );
};
