/* A question's rating guide: every answer it defines with its description, shown on demand. */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Collapse } from '@mui/material';
import { ratingLabel, type Rating } from '../shared/ratings';
import type { QuestionView } from './assessment-types';

export const RatingGuide = ({ question, keys }: { question: QuestionView; keys: readonly Rating[] }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const buttonText = translate(open ? 'cans.assessments.questionnaire.hideGuide' : 'cans.assessments.questionnaire.showGuide');
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen((shown) => !shown)}
        sx={{ mt: 0.5, px: 0 }}
        aria-expanded={open}
        aria-label={translate('cans.assessments.questionnaire.guideFor', { action: buttonText, name: question.name })}
      >
        {buttonText}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '48px 1fr', rowGap: 0.5, fontSize: 14 }}>
          {keys.map((key) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 700 }}>
                {ratingLabel(key)}
              </Box>
              <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                {question.answers[key]}
              </Box>
            </Box>
          ))}
        </Box>
      </Collapse>
    </>
  );
};
