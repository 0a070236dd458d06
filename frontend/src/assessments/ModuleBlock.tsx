/* A module of the questionnaire (a group of questions, possibly triggered by a rating): its heading and its questions. */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import type { ModuleView } from './assessment-types';
import { sanitizeHtml } from '../shared/sanitize-html';

export const ModuleBlock = ({ module, depth, children }: { module: ModuleView; depth: number; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ borderTop: '1px solid', borderColor: 'divider', bgcolor: depth % 2 ? '#fbfcfe' : '#f8fafc' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ textTransform: 'uppercase', letterSpacing: '0.05em', color: 'primary.main' }}>
          {module.name}
        </Typography>
        {module.triggered && <Chip size="small" label={translate('cans.assessments.questionnaire.triggeredModule')} color="secondary" />}
      </Box>
      {module.description && (
        <Typography
          variant="body2"
          color="text.secondary"
          component="div"
          sx={{ px: 2, pb: 1 }}
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(module.description) }}
        />
      )}
      <Box sx={{ pl: 1.5 }}>{children}</Box>
    </Box>
  );
};
