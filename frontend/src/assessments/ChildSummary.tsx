/* The child and caregiver sections of the summary. */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatPhone } from '../shared/format';
import { Field, TableRegion, useSummaryText } from './summary-parts';
import type { SummaryData } from './summary-types';

export const ChildSummary = ({ data }: { data: SummaryData }) => {
  const text = useSummaryText();
  const c = data.child;
  // The label configuration (answered with the summary) renames these fields and hides the optional ones it disabled.
  const labelled = (fieldName: string, key: string, value: string) => {
    const label = data.labels?.[fieldName];
    if (label && !label.visible) return null;
    return <Field label={label?.displayName || text(key)} value={value} />;
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
      <Field label={text('child.name')} value={c.fullName} />
      {labelled('LocalAuthority', 'child.cin', c.cin)}
      <Field label={text('child.dateOfBirth')} value={formatDate(String(c.dateOfBirth ?? ''))} />
      <Field label={text('child.ageAtAssessment')} value={c.ageAtAssessment ?? String(c.age ?? '')} />
      {labelled('GENDER', 'child.gender', c.genderName ?? String(c.gender ?? ''))}
      {labelled('DateOfAssessment', 'child.dateOfAssessment', formatDate(String(c.dateOfAssessment ?? '')))}
      {labelled('INITIALIZED', 'child.assessmentType', data.assessment.assessmentTypeName)}
      {labelled('Assessor', 'child.assessor', data.assessment.ownerName)}
      <Field label={text('child.status')} value={data.assessment.statusLabel} />
      {labelled('ASSESSMENTOPENINGDATE', 'child.caseOpeningDate', formatDate(String(c.caseOpeningDate ?? '')))}
      {labelled('UniqueID', 'child.medicaidNumber', String(c.medicaidNumber ?? ''))}
      <Field label={text('child.approvedBy')} value={data.assessment.approvedByName ?? ''} />
    </Box>
  );
};

export const CaregiversSummary = ({ caregivers }: { caregivers: SummaryData['caregivers'] }) => {
  const text = useSummaryText();
  if (caregivers.length === 0) return <Typography color="text.secondary">{text('noData')}</Typography>;
  return (
    <TableRegion label={text('caregiversTable')}>
      <Table size="small" aria-label={text('sections.caregivers')}>
        <TableHead>
          <TableRow>
            <TableCell>{text('caregiver.firstName')}</TableCell>
            <TableCell>{text('caregiver.lastName')}</TableCell>
            <TableCell>{text('caregiver.relationship')}</TableCell>
            <TableCell>{text('caregiver.phone')}</TableCell>
            <TableCell>{text('caregiver.address')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {caregivers.map((c) => (
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
  );
};
