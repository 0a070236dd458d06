import { Box, Divider, Grid, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RATINGS, ratingLabel, type Rating } from '../../shared/ratings';

interface AnswerDescriptionFieldsProps {
  answers: Record<Rating, string>;
  onChange: (rating: Rating, text: string) => void;
  errors: Record<string, string>;
}

/** A question's descriptions of the answers 0–4 and N/A (4 is optional: not every question has it). */
export const AnswerDescriptionFields = ({ answers, onChange, errors }: AnswerDescriptionFieldsProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle2" gutterBottom>
        {translate('cans.library.item.answer_descriptions')}
      </Typography>
      <Grid container spacing={2}>
        {RATINGS.map((rating) => {
          const error = errors[`answers.${rating}`];
          return (
            <Grid key={rating} size={{ xs: 12, sm: 6 }}>
              <TextField
                label={translate('cans.library.item.answer', { rating: ratingLabel(rating) })}
                fullWidth
                size="small"
                multiline
                minRows={2}
                value={answers[rating]}
                onChange={(e) => onChange(rating, e.target.value)}
                error={!!error}
                helperText={error ?? (rating === '4' ? 'Optional: leave empty when the question has no answer 4' : undefined)}
              />
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
};
