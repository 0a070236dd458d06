import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import type { EmailTemplatePlaceholder } from './email-template-types';

/**
 * The placeholders of the chosen template, each a button that inserts `{{name}}` where the cursor was (subject or
 * body). mousedown is cancelled so the field keeps its cursor while the button is pressed.
 */
export const PlaceholderList = ({
  placeholders,
  onInsert,
}: {
  placeholders: EmailTemplatePlaceholder[];
  onInsert: (token: string) => void;
}) => {
  const translate = useTranslate();
  const text = (key: string, options?: object) => translate(`cans.administration.email_templates.${key}`, options);
  return (
    <Box component="section" aria-labelledby="email-template-placeholders-title">
      <Typography id="email-template-placeholders-title" component="h2" variant="subtitle2">
        {text('placeholders_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {text('placeholders_hint')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {placeholders.map((placeholder) => {
          const token = `{{${placeholder.name}}}`;
          return (
            <Box component="li" key={placeholder.name} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
              <Button
                size="small"
                variant="outlined"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(token)}
                aria-label={text('insert', { token })}
                sx={{ fontFamily: 'monospace', textTransform: 'none', minWidth: 0 }}
              >
                {token}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {placeholder.description}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
