/*
 * Edit and View Assessment: left the questionnaire, the narrative and the generated recommendations; right the child
 * information and the caregivers.
 */
import type { ReactNode } from 'react';
import { Grid, Stack } from '@mui/material';
import type { AssessmentView, Narrative } from './assessment-types';
import { NarrativeCard, RecommendationsCard } from './NarrativeCard';
import type { QuestionnaireHandlers } from './QuestionComments';
import { QuestionnairePanel } from './QuestionnairePanel';
import type { NarrativeDraft } from './useNarrativeDraft';
import type { DomainRequest } from './useEditorDialogs';

export const FullAssessmentView = ({
  view,
  readOnly,
  handlers,
  narrative,
  saveNarrative,
  childCard,
  caregiversCard,
  domainRequest,
}: {
  view: AssessmentView;
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
  narrative: NarrativeDraft;
  saveNarrative: (narrative: Narrative) => Promise<unknown>;
  childCard: ReactNode;
  caregiversCard: ReactNode;
  domainRequest?: DomainRequest | null;
}) => (
  <Grid container spacing={2}>
    <Grid size={{ xs: 12, lg: 7 }}>
      <Stack spacing={2}>
        <QuestionnairePanel
          domains={view.questionnaire?.domains ?? []}
          progress={view.questionnaire?.progress ?? 0}
          comments={view.comments ?? []}
          readOnly={readOnly}
          handlers={handlers}
          openRequest={domainRequest}
        />
        <NarrativeCard
          narrative={view.narrative}
          value={narrative.draft}
          onChange={narrative.setDraft}
          readOnly={readOnly}
          onSave={saveNarrative}
          errors={narrative.errors}
        />
        <RecommendationsCard recommendations={view.recommendations ?? []} />
      </Stack>
    </Grid>
    <Grid size={{ xs: 12, lg: 5 }}>
      <Stack spacing={2}>
        {childCard}
        {caregiversCard}
      </Stack>
    </Grid>
  </Grid>
);
