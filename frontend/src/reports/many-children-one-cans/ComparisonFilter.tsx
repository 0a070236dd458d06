/*
 * The comparison filter of Many Children One CANS (spec 001 §4). The comparison group reaches beyond the user's
 * row access, so it is a fixed cohort the server accepts as is (docs/security.md "Differencing of the comparison
 * report"): ONE agency or every agency, ONE assessment type and ONE calendar year — no day ranges, PIDs or lists
 * of agencies. As the server's three show flags say, it may be narrowed to supervisors, assessors or agency cases,
 * which limits it to the assessments the user can read. Own-agency rule: when the chosen agency is not the user's
 * own (every agency includes it), supervisors and assessors are cleared and disabled, unless the agency-case filter
 * is shown (state-level users).
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { MultiSelect } from '../ManyChildrenFilterForm';
import { joinedParams } from '../print/saved-report-query';
import type { ComparisonOptions } from '../report-types';

export interface ComparisonChoice {
  /** '' is every agency. */
  compareAgency: string;
  compareType: string;
  compareYear: string;
  compareSupervisors: string[];
  compareAssessors: string[];
  compareAgencyCases: string[];
}

/** How many calendar years back the year picker goes. */
const YEARS_OFFERED = 10;

export const emptyComparison = (type = '', year = String(new Date().getFullYear())): ComparisonChoice => ({
  compareAgency: '',
  compareType: type,
  compareYear: year,
  compareSupervisors: [],
  compareAssessors: [],
  compareAgencyCases: [],
});

/** The comparison route's parameters of a choice (empty ones left out: every agency, nobody chosen). */
export const comparisonParams = ({ compareAgency, compareType, compareYear, ...people }: ComparisonChoice): Record<string, string> => ({
  ...(compareAgency ? { compareAgency } : {}),
  compareType,
  compareYear,
  ...joinedParams(people),
});

/** Whether supervisors and assessors may be chosen with this agency ('' is every agency, the own one too). */
export const peopleChoosable = (options: ComparisonOptions, agency: string): boolean =>
  options.showAgencyCaseFilter || (options.ownAgency !== null && (agency === '' || agency === options.ownAgency));

const Select = ({
  id,
  label,
  value,
  choices,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  choices: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  error?: string;
}) => (
  <TextField
    id={id}
    select
    label={label}
    value={value}
    error={!!error}
    helperText={error}
    onChange={(e) => onChange(e.target.value)}
    // '' is a choice here (every agency): shown, not taken for "nothing chosen".
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
  >
    {choices.map((choice) => (
      <MenuItem key={choice.value} value={choice.value}>
        {choice.label}
      </MenuItem>
    ))}
  </TextField>
);

export const ComparisonFilter = ({
  options,
  assessmentTypes,
  initial,
  errors,
  onCompare,
  onClear,
  compared,
}: {
  options: ComparisonOptions;
  assessmentTypes: Array<{ key: string; name: string }>;
  /** The choice the form starts with (the report's type and year, when it has them). */
  initial: ComparisonChoice;
  errors: Record<string, string>;
  onCompare: (comparison: Record<string, string>) => void;
  onClear: () => void;
  compared: boolean;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.comparison.${key}`);
  const [choice, setChoice] = useState<ComparisonChoice>(initial);
  const people = peopleChoosable(options, choice.compareAgency);
  const setAgency = (compareAgency: string) =>
    setChoice((current) =>
      peopleChoosable(options, compareAgency)
        ? { ...current, compareAgency }
        : { ...current, compareAgency, compareSupervisors: [], compareAssessors: [] },
    );
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS_OFFERED }, (_, i) => String(thisYear - i));
  if (!years.includes(choice.compareYear)) years.push(choice.compareYear);
  return (
    <Card component="section" aria-labelledby="comparison-title" variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="comparison-title" variant="h6" component="h3">
          {text('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {text('hint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          <Select
            id="compare-agency"
            label={text('agency')}
            value={choice.compareAgency}
            choices={[{ value: '', label: text('everyAgency') }, ...options.allAgency.map((a) => ({ value: a.id, label: a.displayName }))]}
            onChange={setAgency}
            error={errors.compareAgency}
          />
          <Select
            id="compare-type"
            label={text('type')}
            value={choice.compareType}
            choices={assessmentTypes.map((type) => ({ value: type.key, label: type.name }))}
            onChange={(compareType) => setChoice({ ...choice, compareType })}
            error={errors.compareType}
          />
          <Select
            id="compare-year"
            label={text('year')}
            value={choice.compareYear}
            choices={years.map((year) => ({ value: year, label: year }))}
            onChange={(compareYear) => setChoice({ ...choice, compareYear })}
            error={errors.compareYear}
          />
          {options.showSupervisorFilter && (
            <MultiSelect
              id="compare-supervisors"
              label={text('supervisors')}
              choices={options.allSupervisors.map((s) => ({ value: s.id, label: s.name }))}
              value={choice.compareSupervisors}
              onChange={(compareSupervisors) => setChoice({ ...choice, compareSupervisors })}
              disabled={!people}
              helper={people ? text('readableOnly') : text('ownAgencyOnly')}
              error={errors.compareSupervisors}
            />
          )}
          {options.showAssessorFilter && (
            <MultiSelect
              id="compare-assessors"
              label={text('assessors')}
              choices={options.allAssessors.map((a) => ({ value: a.id, label: a.name }))}
              value={choice.compareAssessors}
              onChange={(compareAssessors) => setChoice({ ...choice, compareAssessors })}
              disabled={!people}
              helper={people ? text('readableOnly') : text('ownAgencyOnly')}
              error={errors.compareAssessors}
            />
          )}
          {options.showAgencyCaseFilter && (
            <MultiSelect
              id="compare-agency-cases"
              label={text('agencyCases')}
              choices={options.allCaseAgency.map((a) => ({ value: a.id, label: a.displayName }))}
              value={choice.compareAgencyCases}
              onChange={(compareAgencyCases) => setChoice({ ...choice, compareAgencyCases })}
              error={errors.compareAgencyCases}
            />
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => onCompare(comparisonParams(choice))} disabled={!choice.compareType}>
            {translate('cans.reports.actions.compare')}
          </Button>
          {compared && <Button onClick={onClear}>{translate('cans.reports.actions.clearComparison')}</Button>}
        </Stack>
      </CardContent>
    </Card>
  );
};
