/* Narrative (spec 000 §3: impressions, needs, targets, outcomes, plan, recommendations) and generated recommendations. */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, TextField, Typography } from '@mui/material';
import type { Narrative, Recommendation } from './assessment-types';

/** The sections, in the order shown (labels: cans.assessments.narrative.<key>). */
export const NARRATIVE_FIELDS: readonly (keyof Narrative)[] = ['impressions', 'needs', 'targets', 'outcomes', 'plan', 'recommendations'];

export const EMPTY_NARRATIVE: Narrative = { impressions: '', needs: '', targets: '', outcomes: '', plan: '', recommendations: '' };

/** Whether the typed narrative differs from the saved one. */
export const narrativeDiffers = (typed: Narrative, saved: Narrative | null | undefined): boolean =>
  NARRATIVE_FIELDS.some((key) => (typed[key] ?? '') !== (saved?.[key] ?? ''));

/**
 * Controlled by the page, which keeps the typed text: Complete saves it first and leaving with it unsaved asks
 * (spec 000 §4 "It saves the child, then completes").
 */
export const NarrativeCard = ({
  narrative,
  value,
  onChange,
  readOnly,
  onSave,
  errors,
}: {
  /** As saved. */
  narrative: Narrative;
  /** As typed. */
  value: Narrative;
  onChange: (next: Narrative) => void;
  readOnly: boolean;
  onSave: (narrative: Narrative) => Promise<unknown>;
  errors?: Record<string, string>;
}) => {
  const translate = useTranslate();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = narrativeDiffers(value, narrative);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(value);
      setSaved(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      sx={{
        '& .MuiInputBase-input.Mui-disabled': { WebkitTextFillColor: '#1c2430' },
        '& .MuiInputLabel-root.Mui-disabled': { color: 'text.secondary' },
        '& .MuiOutlinedInput-root.Mui-disabled .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
      }}
    >
      <CardHeader
        title={translate('cans.assessments.narrative.title')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        subheader={translate('cans.assessments.narrative.hint')}
        action={
          !readOnly && (
            <Button variant="outlined" size="small" onClick={save} disabled={!dirty || saving}>
              {translate('cans.assessments.narrative.save')}
            </Button>
          )
        }
        sx={{ pb: 0, flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent>
        {saved && !dirty && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(false)}>
            {translate('cans.assessments.narrative.saved')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          {NARRATIVE_FIELDS.map((key) => (
            <TextField
              key={key}
              id={`narrative-${key}`}
              label={translate(`cans.assessments.narrative.${key}`)}
              value={value[key] ?? ''}
              onChange={(e) => {
                setSaved(false);
                onChange({ ...value, [key]: e.target.value });
              }}
              multiline
              minRows={3}
              disabled={readOnly}
              error={!!errors?.[key]}
              helperText={errors?.[key]}
              slotProps={{ htmlInput: { maxLength: 10000 } }}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
};

interface GeneratedItem {
  kind?: string;
  domainName?: string;
  questionName?: string;
  caregiverName?: string | null;
  rating?: string | number;
  text?: string;
}

/** Kinds of generated recommendation (labels: cans.assessments.recommendations.kinds.<kind>). */
const KINDS: readonly string[] = ['need-action', 'need-immediate-action', 'strength-to-build', 'strength-to-identify'];

/** The special domain -1 / caregiver 0: recommendations generated from the actionable ratings. */
export const RecommendationsCard = ({ recommendations }: { recommendations: Recommendation[] }) => {
  const translate = useTranslate();
  const kindLabel = (kind: string | undefined) =>
    kind && KINDS.includes(kind)
      ? translate(`cans.assessments.recommendations.kinds.${kind}`)
      : (kind ?? translate('cans.assessments.recommendations.item'));
  const first = recommendations[0] as
    (Recommendation & { needs?: GeneratedItem[]; strengths?: GeneratedItem[]; text?: string }) | undefined;
  const items: GeneratedItem[] = [...(first?.needs ?? []), ...(first?.strengths ?? [])];
  return (
    <Card>
      <CardHeader
        title={translate('cans.assessments.recommendations.title')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {first?.text?.trim() || translate('cans.assessments.recommendations.none')}
          </Typography>
        ) : (
          <Stack spacing={1.25} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item, index) => (
              <Box component="li" key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline' }}>
                <Chip
                  size="small"
                  label={kindLabel(item.kind)}
                  color={item.kind?.startsWith('need') ? 'warning' : 'success'}
                  variant="outlined"
                  sx={{ flexShrink: 0 }}
                />
                <Typography variant="body2">{item.text ?? `${item.domainName}: ${item.questionName}`}</Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
