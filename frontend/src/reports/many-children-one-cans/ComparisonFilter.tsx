/*
 * The comparison filter of Many Children One CANS (spec 001 §4): agency, and — as the server's three show flags
 * say — supervisors, assessors and agency cases. Own-agency rule: when the chosen agencies leave out the user's own
 * agency, supervisors and assessors are cleared and disabled, unless the agency-case filter is shown (state-level
 * users). None chosen means all.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { MultiSelect } from '../ManyChildrenFilterForm';
import type { ComparisonOptions } from '../report-types';

export interface ComparisonChoice {
  compareAgency: string[];
  compareSupervisors: string[];
  compareAssessors: string[];
  compareAgencyCases: string[];
}

export const emptyComparison = (): ComparisonChoice => ({
  compareAgency: [],
  compareSupervisors: [],
  compareAssessors: [],
  compareAgencyCases: [],
});

/** Whether supervisors and assessors may be chosen with these agencies (none chosen means all, the own one too). */
export const peopleChoosable = (options: ComparisonOptions, agencies: string[]): boolean =>
  options.showAgencyCaseFilter || (options.ownAgency !== null && (agencies.length === 0 || agencies.includes(options.ownAgency)));

export const ComparisonFilter = ({
  options,
  errors,
  onCompare,
  onClear,
  compared,
}: {
  options: ComparisonOptions;
  errors: Record<string, string>;
  onCompare: (choice: ComparisonChoice) => void;
  onClear: () => void;
  compared: boolean;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.comparison.${key}`);
  const [choice, setChoice] = useState<ComparisonChoice>(emptyComparison);
  const people = peopleChoosable(options, choice.compareAgency);
  const setAgencies = (compareAgency: string[]) =>
    setChoice((current) =>
      peopleChoosable(options, compareAgency)
        ? { ...current, compareAgency }
        : { ...current, compareAgency, compareSupervisors: [], compareAssessors: [] },
    );
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
          <MultiSelect
            id="compare-agency"
            label={text('agency')}
            choices={options.allAgency.map((a) => ({ value: a.id, label: a.displayName }))}
            value={choice.compareAgency}
            onChange={setAgencies}
            error={errors.compareAgency}
          />
          {options.showSupervisorFilter && (
            <MultiSelect
              id="compare-supervisors"
              label={text('supervisors')}
              choices={options.allSupervisors.map((s) => ({ value: s.id, label: s.name }))}
              value={choice.compareSupervisors}
              onChange={(compareSupervisors) => setChoice({ ...choice, compareSupervisors })}
              disabled={!people}
              helper={people ? undefined : text('ownAgencyOnly')}
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
              helper={people ? undefined : text('ownAgencyOnly')}
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
          <Button variant="contained" onClick={() => onCompare(choice)}>
            {translate('cans.reports.actions.compare')}
          </Button>
          {compared && <Button onClick={onClear}>{translate('cans.reports.actions.clearComparison')}</Button>}
        </Stack>
      </CardContent>
    </Card>
  );
};
