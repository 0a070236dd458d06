/* A list row's actions, from the row's `actions` (computed by the server for this user): edit or view, share, delete. */
import type { MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { IconButton, Stack, Tooltip } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { assessmentPaths } from './assessment-paths';
import type { AssessmentRow } from './assessment-types';

export const AssessmentRowActions = ({
  row,
  onShare,
  onDelete,
}: {
  row: AssessmentRow;
  onShare: (row: AssessmentRow) => void;
  onDelete: (row: AssessmentRow) => void;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.assessments.list.row.${key}`, { name: row.fullName || row.cin });
  const actions = row.actions ?? {};
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Stack direction="row" spacing={0.5} onClick={stop}>
      {actions.edit ? (
        <Tooltip title={translate('cans.assessments.list.row.edit')}>
          <IconButton size="small" component={RouterLink} to={assessmentPaths.edit(row.id)} aria-label={text('editOne')}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={translate('cans.assessments.list.row.view')}>
          <IconButton size="small" component={RouterLink} to={assessmentPaths.view(row.id)} aria-label={text('viewOne')}>
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {actions.share !== false && (
        <Tooltip title={translate('cans.assessments.list.row.share')}>
          <IconButton size="small" onClick={() => onShare(row)} aria-label={text('shareOne')}>
            <ShareOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {actions.delete && (
        <Tooltip title={translate('cans.assessments.list.row.delete')}>
          <IconButton size="small" onClick={() => onDelete(row)} aria-label={text('deleteOne')} sx={{ color: 'error.main' }}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
};
