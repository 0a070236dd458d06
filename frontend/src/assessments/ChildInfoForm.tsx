/*
 * Child information (spec 000 §3 "Child / assessment info", §5 validation): every field, labels from the label
 * configuration (status 0 hides), max lengths, option lists. Controlled by the page, which owns save and the
 * PID / FAMILY ID lookups (onBlur callbacks).
 */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, CardHeader, Divider, MenuItem, TextField, Typography } from '@mui/material';
import type { AssessmentOptions, ChildInformation } from './assessment-types';
import { CHILD_FIELDS, choicesOf, labelByKey, labelOf, type ChildField } from './child-fields';

export interface ChildFormProps {
  value: ChildInformation;
  onChange: (next: ChildInformation) => void;
  errors: Record<string, string>;
  options: AssessmentOptions;
  readOnly: boolean;
  /** The type cannot be changed once approved (spec §4), or without the changeType action. */
  typeLocked?: boolean;
  onCinBlur?: (cin: string) => void;
  onFamilyIdBlur?: (familyId: string) => void;
  assessorName?: string | null;
  /** Which cards to show: the approved-child page shows demographic, address, status (spec §2). */
  sections?: ('demographic' | 'address' | 'assessment')[];
  headerAction?: ReactNode;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ mb: 2.5 }}>
    <Typography variant="overline" color="text.secondary" sx={{ display: 'block', mb: 1, letterSpacing: '0.08em', fontWeight: 600 }}>
      {title}
    </Typography>
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>{children}</Box>
  </Box>
);

export const ChildInfoForm = ({
  value,
  onChange,
  errors,
  options,
  readOnly,
  typeLocked,
  onCinBlur,
  onFamilyIdBlur,
  assessorName,
  sections = ['demographic', 'address', 'assessment'],
  headerAction,
}: ChildFormProps) => {
  const translate = useTranslate();
  const uiText = (key: string) => translate(`cans.assessments.child.${key}`);
  const set = (field: ChildField, next: unknown) => {
    const updated = { ...value, [field]: next } as ChildInformation;
    // Spec §4: choosing lac other than Y clears las.
    if (field === 'lookedAfterChild' && next !== 'Y') updated.lookedAfterStatus = null;
    onChange(updated);
  };

  const field = (
    name: ChildField,
    extra: { choices?: { id: string; name: string }[]; wide?: boolean; multiline?: boolean; disabled?: boolean } = {},
  ) => {
    const def = CHILD_FIELDS[name];
    const { label, visible } = labelOf(options, name);
    if (!visible) return null;
    const raw = value[name];
    const text = raw === null || raw === undefined ? '' : String(raw);
    const isDate = def.kind === 'date';
    const common = {
      id: `child-${name}`,
      name,
      label,
      value: text,
      required: def.required,
      error: !!errors[name],
      helperText: errors[name] ?? (name === 'medicaidNumber' ? uiText('uniqueIdHint') : ' '),
      disabled: readOnly || extra.disabled,
      fullWidth: true,
      size: 'small' as const,
      margin: 'dense' as const,
      sx: extra.wide ? { gridColumn: '1 / -1' } : undefined,
    };
    if (extra.choices) {
      return (
        <TextField key={name} select {...common} onChange={(e) => set(name, e.target.value || null)}>
          {!def.required && (
            <MenuItem value="">
              <em>{uiText('none')}</em>
            </MenuItem>
          )}
          {extra.choices.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        key={name}
        {...common}
        type={isDate ? 'date' : 'text'}
        multiline={extra.multiline}
        minRows={extra.multiline ? 2 : undefined}
        onChange={(e) => set(name, e.target.value)}
        onBlur={(e) => {
          if (name === 'cin') onCinBlur?.(e.target.value.trim());
          if (name === 'familyId') onFamilyIdBlur?.(e.target.value.trim());
        }}
        slotProps={{
          inputLabel: isDate ? { shrink: true } : undefined,
          htmlInput: {
            maxLength: def.maxLength,
            inputMode: name === 'age' || name === 'medicaidNumber' || name === 'daysToNextAssessment' ? 'numeric' : undefined,
            max: isDate ? new Date().toISOString().slice(0, 10) : undefined,
          },
        }}
      />
    );
  };

  const raceChoices = choicesOf(options.races);
  const languageChoices = choicesOf(options.languages);

  return (
    // Long option names wrap instead of being cut ("Looking to transition home" in the narrow column).
    <Card
      sx={{
        '& .MuiInputBase-root .MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere', height: 'auto' },
        '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' },
        '& .MuiInputBase-input.Mui-disabled': { WebkitTextFillColor: '#1c2430' },
        '& .MuiInputLabel-root.Mui-disabled': { color: 'text.secondary' },
        '& .MuiOutlinedInput-root.Mui-disabled .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
      }}
    >
      <CardHeader title={uiText('title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} action={headerAction} sx={{ pb: 0 }} />
      <CardContent>
        {sections.includes('demographic') && (
          <Section title={uiText('demographic')}>
            {field('cin')}
            {field('familyId')}
            {field('firstName')}
            {field('lastName')}
            {field('gender', { choices: choicesOf(options.genders) })}
            {field('dateOfBirth')}
            {field('age')}
            {raceChoices.length > 0 ? field('raceEthnicity', { choices: raceChoices }) : field('raceEthnicity')}
            {languageChoices.length > 0 ? field('primaryLanguage', { choices: languageChoices }) : field('primaryLanguage')}
            {field('medicaidNumber')}
          </Section>
        )}
        {sections.includes('address') && (
          <>
            <Divider sx={{ mb: 2 }} />
            <Section title={uiText('address')}>
              {field('address', { wide: true })}
              {field('city')}
              {field('county')}
              {field('zip')}
            </Section>
          </>
        )}
        {sections.includes('assessment') && (
          <>
            <Divider sx={{ mb: 2 }} />
            <Section title={uiText('assessmentStatus')}>
              {field('dateOfAssessment')}
              {field('caseOpeningDate')}
              {field('assessmentType', { choices: choicesOf(options.assessmentTypes), disabled: typeLocked })}
              {labelOf(options, 'assessorPhoneNumber').visible && field('assessorPhoneNumber')}
              {field('daysToNextAssessment')}
              {assessorName !== undefined && labelByKey(options, 'Assessor', uiText('assessor')).visible && (
                <TextField
                  label={labelByKey(options, 'Assessor', uiText('assessor')).label}
                  value={assessorName ?? ''}
                  disabled
                  size="small"
                  margin="dense"
                  fullWidth
                  helperText=" "
                />
              )}
              {field('lookedAfterChild', {
                choices: [
                  { id: 'Y', name: 'Y' },
                  { id: 'N', name: 'N' },
                ],
              })}
              {value.lookedAfterChild === 'Y' && field('lookedAfterStatus', { choices: choicesOf(options.lookedAfterStatuses) })}
              {field('involvement', { choices: choicesOf(options.involvements) })}
              {field('assessmentScope', { choices: choicesOf(options.scopes) })}
              {field('recommendationsNote', { wide: true, multiline: true })}
            </Section>
          </>
        )}
      </CardContent>
    </Card>
  );
};
