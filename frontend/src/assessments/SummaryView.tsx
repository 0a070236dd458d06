/*
 * The CANS Summary content (GET /api/assessments/:id/summary) and the full printable assessment
 * (GET /api/assessments/:id/print): child info, a glance chart, domains with question, answer, triggered items and
 * comments. Shared by the summary page, the print page and the CANS Preview dialog of Approve.
 */
import { Box, Divider, Typography } from '@mui/material';
import { formatDateTime } from '../shared/format';
import { CaregiversSummary, ChildSummary } from './ChildSummary';
import { DomainSummary } from './DomainSummary';
import { GlanceChart } from './GlanceChart';
import { SectionTitle, useSummaryText } from './summary-parts';
import type { SummaryData } from './summary-types';

export const SummaryContent = ({ data, full }: { data: SummaryData; full?: boolean }) => {
  const text = useSummaryText();
  return (
    <Box>
      <SectionTitle>{text('sections.child')}</SectionTitle>
      <ChildSummary data={data} />
      <SectionTitle>{text('sections.caregivers')}</SectionTitle>
      <CaregiversSummary caregivers={data.caregivers} />
      <SectionTitle>{text('sections.glance')}</SectionTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {text('totalActionable')} <strong>{data.glance.totalActionable}</strong>
        {typeof data.glance.totalUseful === 'number' && (
          <>
            {' '}
            · {text('strengthsToUse')} <strong>{data.glance.totalUseful}</strong>
          </>
        )}
      </Typography>
      <GlanceChart glance={data.glance} />
      <SectionTitle>{text('sections.domains')}</SectionTitle>
      {data.domains.map((domain) => (
        <DomainSummary key={`${domain.domainCode}|${domain.caregiverName ?? ''}|${domain.title}`} domain={domain} full={full} />
      ))}
      {data.narrativeSections && data.narrativeSections.length > 0 && (
        <>
          <SectionTitle>{text('sections.narrative')}</SectionTitle>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            {data.narrativeSections.map((section) => (
              <Box key={section.field} sx={{ breakInside: 'avoid' }}>
                <Typography variant="subtitle2">{section.label}</Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {section.text || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      {data.recommendations && (
        <>
          <SectionTitle>{text('sections.recommendations')}</SectionTitle>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {data.recommendations.text?.trim() || text('noRecommendations')}
          </Typography>
        </>
      )}
      {full && data.reasons && data.reasons.length > 0 && (
        <>
          <SectionTitle>{text('sections.reasons')}</SectionTitle>
          {data.reasons.map((r, i) => (
            <Typography key={i} variant="body2" sx={{ mb: 0.5 }}>
              <strong>{text(r.kind === 'return' ? 'returned' : 'closed')}</strong>{' '}
              {text('reasonBy', { name: r.byName, at: formatDateTime(r.at) })} {r.reason}
            </Typography>
          ))}
        </>
      )}
      <Divider sx={{ mt: 3 }} />
    </Box>
  );
};
