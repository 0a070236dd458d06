/*
 * Step 1 of the many-children wizards (spec 001 §3 "Report filter (many children)", §5): type, age range (Select
 * All = -1, 0-22), agency, county, assessor (none means all), gender and race with N/A, language, welfare status,
 * comma-separated PIDs, date of assessment range. Field messages are the server's answers (400) when it refuses.
 */
import { useTranslate } from 'react-admin';
import { Box, Checkbox, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { AGE_CHOICES, SELECT_ALL_AGES, type ReportFilter } from './report-filter';
import type { FilterOptions } from './report-types';
import { useReportLabels } from './useReportLabels';

export type Choice = { value: string; label: string };

/** The translation keys of a selection's hint: a few chosen by name (`only`), more by their count. */
export interface SelectionHints {
  only: string;
  count: string;
}
const ANY_SELECTION: SelectionHints = { only: 'cans.reports.filter.onlySelected', count: 'cans.reports.filter.countSelected' };
export const ASSESSOR_SELECTION: SelectionHints = {
  only: 'cans.reports.filter.onlyAssessors',
  count: 'cans.reports.filter.countAssessors',
};
/** Up to this many chosen are named in the hint; more are counted. */
const NAMED_IN_HINT = 2;

export const MultiSelect = ({
  id,
  label,
  choices,
  value,
  onChange,
  error,
  disabled,
  helper,
  hints = ANY_SELECTION,
}: {
  id: string;
  label: string;
  choices: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
  helper?: string;
  hints?: SelectionHints;
}) => {
  const translate = useTranslate();
  const names = new Map(choices.map((c) => [c.value, c.label]));
  const chosen = value.map((v) => names.get(v) ?? v);
  // The hint says what the selection does now: a preselected choice narrows the list as much as a picked one.
  const selectionHint =
    chosen.length === 0
      ? translate('cans.reports.filter.noneMeansAll')
      : translate(chosen.length <= NAMED_IN_HINT ? hints.only : hints.count, { names: chosen.join(', '), count: chosen.length });
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      error={!!error}
      disabled={disabled}
      helperText={error ?? helper ?? selectionHint}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map((v) => names.get(v) ?? v).join(', '),
        },
      }}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange(typeof next === 'string' ? next.split(',') : (next as string[]));
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          <Checkbox checked={value.includes(choice.value)} size="small" tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
          <ListItemText primary={choice.label} />
        </MenuItem>
      ))}
    </TextField>
  );
};

const SingleSelect = ({
  id,
  label,
  choices,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) => {
  const translate = useTranslate();
  return (
    <TextField id={id} select label={label} value={value} error={!!error} helperText={error} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">{translate('cans.reports.filter.any')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

export const ManyChildrenFilterForm = ({
  filter,
  onChange,
  options,
  errors,
}: {
  filter: ReportFilter;
  onChange: (filter: ReportFilter) => void;
  options: FilterOptions | undefined;
  errors: Record<string, string>;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.filter.${key}`);
  // A field the label configuration renamed is filtered under its new name.
  const labels = useReportLabels();
  const set =
    <K extends keyof ReportFilter>(field: K) =>
    (value: ReportFilter[K]) =>
      onChange({ ...filter, [field]: value });
  const options2 = (list: Array<{ key: string; name: string }> | undefined): Choice[] =>
    (list ?? []).map((o) => ({ value: o.key, label: o.name }));
  const ages = AGE_CHOICES.map((age) => ({ value: String(age), label: age === SELECT_ALL_AGES ? text('selectAll') : String(age) }));
  const age = (field: 'minAge' | 'maxAge') => (
    <TextField
      id={`report-${field}`}
      select
      label={text(field)}
      value={String(filter[field])}
      error={!!errors[field]}
      helperText={errors[field]}
      onChange={(e) => set(field)(Number(e.target.value))}
    >
      {ages.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body1" sx={{ mb: 2 }}>
        {translate('cans.reports.messages.approvedOnly')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        <SingleSelect
          id="report-type"
          label={labels.name('INITIALIZED', text('type'))}
          choices={options2(options?.assessmentTypes)}
          value={filter.type}
          onChange={set('type')}
          error={errors.type}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          {age('minAge')}
          {age('maxAge')}
        </Box>
        <MultiSelect
          id="report-agency"
          label={labels.name('AGENCY', text('agency'))}
          choices={(options?.agencies ?? []).map((a) => ({ value: a.id, label: a.displayName }))}
          value={filter.agency}
          onChange={set('agency')}
          error={errors.agency}
        />
        <SingleSelect
          id="report-county"
          label={labels.name('COUNTY', text('county'))}
          choices={(options?.counties ?? []).map((c) => ({ value: c.id, label: c.county }))}
          value={filter.county}
          onChange={set('county')}
          error={errors.county}
        />
        <MultiSelect
          id="report-assessor"
          label={labels.name('Assessor', text('assessor'))}
          choices={(options?.assessors ?? []).map((a) => ({ value: a.id, label: a.fullName || a.username }))}
          value={filter.assessor}
          onChange={set('assessor')}
          error={errors.assessor}
          hints={ASSESSOR_SELECTION}
        />
        <MultiSelect
          id="report-gender"
          label={labels.name('GENDER', text('gender'))}
          choices={options2(options?.genders)}
          value={filter.gender}
          onChange={set('gender')}
          error={errors.gender}
        />
        <MultiSelect
          id="report-race"
          label={labels.name('RACEETHNICITY', text('race'))}
          choices={options2(options?.races)}
          value={filter.race}
          onChange={set('race')}
          error={errors.race}
        />
        <SingleSelect
          id="report-language"
          label={text('language')}
          choices={options2(options?.languages)}
          value={filter.language}
          onChange={set('language')}
          error={errors.language}
        />
        <SingleSelect
          id="report-welfare"
          label={text('welfareStatus')}
          choices={options2(options?.welfareStatuses)}
          value={filter.welfareStatus}
          onChange={set('welfareStatus')}
          error={errors.welfareStatus}
        />
        <TextField
          id="report-cin"
          label={labels.name('LocalAuthority', text('cin'))}
          value={filter.cin}
          error={!!errors.cin}
          helperText={errors.cin ?? text('cinHelp')}
          onChange={(e) => set('cin')(e.target.value)}
        />
        <TextField
          id="report-start"
          type="date"
          label={text('startDoa')}
          value={filter.startDoa}
          error={!!errors.startDoa}
          helperText={errors.startDoa}
          onChange={(e) => set('startDoa')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="report-end"
          type="date"
          label={text('endDoa')}
          value={filter.endDoa}
          error={!!errors.endDoa}
          helperText={errors.endDoa}
          onChange={(e) => set('endDoa')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </Box>
  );
};
