/*
 * Step 1 of the one-child wizards: PID, name, agency and assessor (none means all), date of assessment range; One
 * Child Many CANS filters by PID, name and assessor only (spec 001 §7 "/reportOM").
 */
import { useTranslate } from 'react-admin';
import { Box, TextField, Typography } from '@mui/material';
import { ASSESSOR_SELECTION, MultiSelect } from '../ManyChildrenFilterForm';
import type { FilterOptions } from '../report-types';
import { useReportLabels } from '../useReportLabels';
import type { OneChildFilter } from './one-child-filter';

export const OneChildFilterForm = ({
  filter,
  onChange,
  options,
  errors,
  assessorOnly = false,
}: {
  assessorOnly?: boolean;
  filter: OneChildFilter;
  onChange: (filter: OneChildFilter) => void;
  options: FilterOptions | undefined;
  errors: Record<string, string>;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.filter.${key}`);
  const labels = useReportLabels();
  const set =
    <K extends keyof OneChildFilter>(field: K) =>
    (value: OneChildFilter[K]) =>
      onChange({ ...filter, [field]: value });
  const date = (field: 'startDoa' | 'endDoa') => (
    <TextField
      id={`one-child-${field}`}
      type="date"
      label={text(field)}
      value={filter[field]}
      error={!!errors[field]}
      helperText={errors[field]}
      onChange={(e) => set(field)(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body1" sx={{ mb: 2 }}>
        {translate('cans.reports.messages.approvedOnly')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        <TextField
          id="one-child-cin"
          label={labels.name('LocalAuthority', translate('cans.reports.oneChild.cin'))}
          value={filter.cin}
          error={!!errors.cin}
          helperText={errors.cin}
          onChange={(e) => set('cin')(e.target.value)}
        />
        <TextField
          id="one-child-name"
          label={translate('cans.reports.oneChild.fullName')}
          value={filter.fullName}
          error={!!errors.fullName}
          helperText={errors.fullName}
          onChange={(e) => set('fullName')(e.target.value)}
        />
        {!assessorOnly && (
          <MultiSelect
            id="one-child-agency"
            label={labels.name('AGENCY', text('agency'))}
            choices={(options?.agencies ?? []).map((a) => ({ value: a.id, label: a.displayName }))}
            value={filter.agency}
            onChange={set('agency')}
            error={errors.agency}
          />
        )}
        <MultiSelect
          id="one-child-assessor"
          label={labels.name('Assessor', text('assessor'))}
          choices={(options?.assessors ?? []).map((a) => ({ value: a.id, label: a.fullName || a.username }))}
          value={filter.assessor}
          onChange={set('assessor')}
          error={errors.assessor}
          hints={ASSESSOR_SELECTION}
        />
        {!assessorOnly && date('startDoa')}
        {!assessorOnly && date('endDoa')}
      </Box>
    </Box>
  );
};
