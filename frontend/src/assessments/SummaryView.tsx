/*
 * The CANS Summary content (GET /api/assessments/:id/summary) and the full printable assessment
 * (GET /api/assessments/:id/print): child info, a glance chart, domains with question, answer, triggered items and
 * comments. Shared by the summary page, the print page and the CANS Preview dialog of Approve.
 */
import type { ReactNode } from 'react';
import { ResponsiveBar } from '@nivo/bar';
import { Box, Chip, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatDateTime, formatPhone, ratingLabel, type RatingKey } from './api';

export interface SummaryComment {
  commentId: string;
  content: string;
  authorName: string;
  at: string;
}

export interface SummaryItem {
  questionCode: string;
  question: string;
  description?: string;
  moduleNames?: string[];
  answer: RatingKey | number | null;
  answerText: string;
  actionable: boolean;
  triggered: boolean;
  comments: SummaryComment[];
}

export interface SummaryDomain {
  domainCode: string;
  name: string;
  caregiverName: string | null;
  title: string;
  triggeredModules: string[];
  triggeredQuestions: string[];
  progress?: { label: string; percentage: number };
  items: SummaryItem[];
}

export interface GlanceDomain {
  domainCode: string;
  title: string;
  name: string;
  actionable: number;
  useful: number;
  counts: Record<string, number>;
  rated: number;
  total: number;
  caregiverId: string | null;
}

export interface SummaryData {
  assessment: {
    id: string;
    statusCode: string;
    statusLabel: string;
    assessmentTypeName: string;
    ownerName: string;
    approvedByName?: string | null;
    lastModifiedAt?: string | null;
    completedAt?: string | null;
    approvedAt?: string | null;
  };
  child: Record<string, unknown> & { fullName: string; cin: string; genderName?: string; ageAtAssessment?: number; dateOfBirth?: string; dateOfAssessment?: string };
  caregivers: { caregiverId: string; name: string; firstName: string; lastName: string; relationship: string | null; role: string | null; phone: string | null; address: string | null; city: string | null; zip: string | null; county: string | null }[];
  glance: { domains: GlanceDomain[]; totalActionable: number; totalUseful?: number };
  domains: SummaryDomain[];
  narrativeSections?: { field: string; label: string; text: string }[];
  recommendations?: { text?: string; count?: number; needs?: { text: string }[]; strengths?: { text: string }[] };
  reasons?: { kind: string; reason: string; byName: string; at: string }[];
}

const Field = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {value === null || value === undefined || value === '' ? '—' : value}
    </Typography>
  </Box>
);

/**
 * A table that may be wider than a phone: it scrolls inside its own region (focusable, so by keyboard too) and
 * its long words wrap, instead of widening the page.
 */
const TableRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%', '& td': { overflowWrap: 'anywhere' }, '& td, & th': { px: { xs: 1, sm: 2 } } }}>
    {children}
  </Box>
);

const SectionTitle = ({ children }: { children: ReactNode }) => (
  <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5, pb: 0.5, borderBottom: '2px solid', borderColor: 'primary.main', breakAfter: 'avoid' }}>
    {children}
  </Typography>
);

export const ChildSummary = ({ data }: { data: SummaryData }) => {
  const c = data.child;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
      <Field label="Name" value={c.fullName} />
      <Field label="PID" value={c.cin} />
      <Field label="Date of Birth" value={formatDate(String(c.dateOfBirth ?? ''))} />
      <Field label="Age at Assessment" value={c.ageAtAssessment ?? String(c.age ?? '')} />
      <Field label="Gender" value={c.genderName ?? String(c.gender ?? '')} />
      <Field label="Date of Assessment" value={formatDate(String(c.dateOfAssessment ?? ''))} />
      <Field label="Assessment Type" value={data.assessment.assessmentTypeName} />
      <Field label="Assessor" value={data.assessment.ownerName} />
      <Field label="Status" value={data.assessment.statusLabel} />
      <Field label="Removal Date" value={formatDate(String(c.caseOpeningDate ?? ''))} />
      <Field label="Unique ID" value={String(c.medicaidNumber ?? '')} />
      <Field label="Approved by" value={data.assessment.approvedByName ?? ''} />
    </Box>
  );
};

export const GlanceChart = ({ glance, height = 280 }: { glance: SummaryData['glance']; height?: number }) => {
  const rows = glance.domains.map((d) => ({ domain: d.title || d.name, Actionable: d.actionable, Strengths: d.useful ?? 0 }));
  if (rows.length === 0) return <Typography color="text.secondary">No Data</Typography>;
  const max = Math.max(1, ...rows.map((r) => Math.max(r.Actionable, r.Strengths)));
  const ticks = Array.from({ length: max + 1 }, (_, i) => i).filter((i) => max <= 10 || i % Math.ceil(max / 10) === 0);
  const longest = Math.max(...rows.map((r) => r.domain.length));
  return (
    <Box
      sx={{ height: Math.max(height, rows.length * 34 + 60) }}
      role="img"
      aria-label={`Glance: ${rows.map((r) => `${r.domain} ${r.Actionable} actionable`).join(', ')}`}
    >
      <ResponsiveBar
        data={rows}
        keys={['Actionable', 'Strengths']}
        indexBy="domain"
        layout="horizontal"
        groupMode="grouped"
        margin={{ top: 10, right: 24, bottom: 40, left: Math.min(340, 24 + longest * 6.5) }}
        valueScale={{ type: 'linear', min: 0, max }}
        gridXValues={ticks}
        padding={0.3}
        colors={['#cf6f4a', '#4f8a5b']}
        axisBottom={{ tickSize: 0, tickPadding: 6, legend: 'Items', legendPosition: 'middle', legendOffset: 30, tickValues: ticks }}
        axisLeft={{ tickSize: 0, tickPadding: 8 }}
        enableGridX
        enableGridY={false}
        labelSkipWidth={14}
        labelTextColor="#ffffff"
        animate={false}
        theme={{ text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } }}
        legends={[{ dataFrom: 'keys', anchor: 'bottom-right', direction: 'row', translateY: 40, itemWidth: 100, itemHeight: 16, symbolSize: 12 }]}
        role="presentation"
      />
    </Box>
  );
};

/** The rating colours darkened for white text (4.5:1); the pies keep the lighter ones. */
const RATING_BADGE_COLOURS: Record<string, string> = {
  '0': '#2f6b3c',
  '1': '#4a6b2a',
  '2': '#7a5800',
  '3': '#a13f1c',
  '4': '#8a2f29',
  NA: '#5b6470',
};

const AnswerBadge = ({ answer }: { answer: SummaryItem['answer'] }) => {
  if (answer === null || answer === undefined) return <Typography variant="body2" color="text.secondary">—</Typography>;
  const key = String(answer) as RatingKey;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 32, height: 24, px: 0.75, borderRadius: 12, bgcolor: RATING_BADGE_COLOURS[key] ?? '#5b6470', color: '#fff', fontWeight: 700, fontSize: 13, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }}
    >
      {ratingLabel(key)}
    </Box>
  );
};

export const DomainSummary = ({ domain, full }: { domain: SummaryDomain; full?: boolean }) => (
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
          <Chip key={`m-${name}`} size="small" label={`Triggered module: ${name}`} color="secondary" variant="outlined" />
        ))}
        {domain.triggeredQuestions.map((name) => (
          <Chip key={`q-${name}`} size="small" label={`Triggered question: ${name}`} variant="outlined" />
        ))}
      </Stack>
    )}
    <TableRegion label={`${domain.title || domain.name} answers`}>
    <Table size="small" aria-label={`${domain.title || domain.name} answers`}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '40%' }}>Question</TableCell>
          <TableCell sx={{ width: 70 }}>Answer</TableCell>
          <TableCell>Description / Comments</TableCell>
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
                {item.triggered && <Chip size="small" label="Triggered" variant="outlined" sx={{ ml: 1, height: 20 }} />}
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

export const SummaryContent = ({ data, full }: { data: SummaryData; full?: boolean }) => (
  <Box>
    <SectionTitle>Child Information</SectionTitle>
    <ChildSummary data={data} />
    <SectionTitle>Caregivers</SectionTitle>
    {data.caregivers.length === 0 ? (
      <Typography color="text.secondary">No Data</Typography>
    ) : (
      <TableRegion label="Caregivers table">
      <Table size="small" aria-label="Caregivers">
        <TableHead>
          <TableRow>
            <TableCell>First Name</TableCell>
            <TableCell>Last Name</TableCell>
            <TableCell>Relationship</TableCell>
            <TableCell>Phone</TableCell>
            <TableCell>Address</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.caregivers.map((c) => (
            <TableRow key={c.caregiverId}>
              <TableCell>{c.firstName}</TableCell>
              <TableCell>{c.lastName}</TableCell>
              <TableCell>{[c.role, c.relationship && `(${c.relationship})`].filter(Boolean).join(' ') || '—'}</TableCell>
              <TableCell>{formatPhone(c.phone) || '—'}</TableCell>
              <TableCell>{[c.address, c.city, c.county, c.zip].filter(Boolean).join(', ') || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      </TableRegion>
    )}
    <SectionTitle>At a Glance</SectionTitle>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Total actionable items: <strong>{data.glance.totalActionable}</strong>
      {typeof data.glance.totalUseful === 'number' && (
        <>
          {' '}
          · strengths to use: <strong>{data.glance.totalUseful}</strong>
        </>
      )}
    </Typography>
    <GlanceChart glance={data.glance} />
    <SectionTitle>Domains</SectionTitle>
    {data.domains.map((domain) => (
      <DomainSummary key={`${domain.domainCode}|${domain.caregiverName ?? ''}|${domain.title}`} domain={domain} full={full} />
    ))}
    {data.narrativeSections && data.narrativeSections.length > 0 && (
      <>
        <SectionTitle>Narrative</SectionTitle>
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
        <SectionTitle>Recommendations</SectionTitle>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {data.recommendations.text?.trim() || 'No recommendations.'}
        </Typography>
      </>
    )}
    {full && data.reasons && data.reasons.length > 0 && (
      <>
        <SectionTitle>Return and Close Comments</SectionTitle>
        {data.reasons.map((r, i) => (
          <Typography key={i} variant="body2" sx={{ mb: 0.5 }}>
            <strong>{r.kind === 'return' ? 'Returned' : 'Closed'}</strong> by {r.byName}, {formatDateTime(r.at)}: {r.reason}
          </Typography>
        ))}
      </>
    )}
    <Divider sx={{ mt: 3 }} />
  </Box>
);
