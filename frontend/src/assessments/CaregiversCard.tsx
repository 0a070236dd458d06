/*
 * Caregivers card (spec 000 §2 "Caregivers card"): First Name, Last Name, Relationship with Edit / Delete (or View
 * when read-only); adding or editing opens the caregiver dialog.
 */
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { visuallyHidden } from '../shared/visually-hidden';
import type { AssessmentOptions, Caregiver, CaregiverDetails } from './assessment-types';
import { CaregiverDialog, EMPTY_CAREGIVER } from './CaregiverDialog';
import { ConfirmDialog } from './dialogs';

export const relationshipText = (caregiver: Pick<Caregiver, 'relationship'>): string =>
  caregiver.relationship ? `${caregiver.relationship.role} (${caregiver.relationship.group})` : '';

export const CaregiversCard = ({
  caregivers,
  options,
  readOnly,
  childSaved,
  onSave,
  onDelete,
  onNeedChild,
}: {
  caregivers: Caregiver[];
  options: AssessmentOptions;
  readOnly: boolean;
  childSaved: boolean;
  onSave: (caregiverId: string | null, value: CaregiverDetails) => Promise<void>;
  onDelete: (caregiverId: string) => Promise<void>;
  /** Spec: adding or editing a caregiver needs a saved child (Please save child information.). */
  onNeedChild: () => void;
}) => {
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit' | 'view'; caregiver: Caregiver | null } | null>(null);
  const [deleting, setDeleting] = useState<Caregiver | null>(null);
  const translate = useTranslate();
  const label = (key: string, options?: Record<string, string>) => translate(`cans.assessments.caregivers.${key}`, options);
  // Stable while the dialog is open: the dialog starts over from it whenever it changes.
  const initial = useMemo(() => (dialog?.caregiver ? { ...EMPTY_CAREGIVER, ...dialog.caregiver } : EMPTY_CAREGIVER), [dialog]);
  const open = (mode: 'add' | 'edit' | 'view', caregiver: Caregiver | null) => {
    if (mode !== 'view' && !childSaved) {
      onNeedChild();
      return;
    }
    setDialog({ mode, caregiver });
  };
  const missingRelationship = caregivers.some((c) => !c.relationship);
  return (
    <Card>
      <CardHeader
        title={label('title.card')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          !readOnly && (
            <Button startIcon={<AddIcon />} onClick={() => open('add', null)} size="small">
              {label('add')}
            </Button>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {missingRelationship && !readOnly && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('cans.assessments.guards.caregiverRelationshipRequired')}
          </Alert>
        )}
        {caregivers.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {label('noData')}
          </Typography>
        ) : (
          // Narrow columns and phones: the table wraps its words and, if still too wide, scrolls inside its own
          // (keyboard-focusable) region instead of widening the page.
          <Box role="region" aria-label={label('tableRegion')} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Table
              size="small"
              aria-label={label('title.card')}
              sx={{ '& th': { fontWeight: 600 }, '& td': { overflowWrap: 'anywhere' }, '& td, & th': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{label('firstName')}</TableCell>
                  <TableCell>{label('lastName')}</TableCell>
                  <TableCell>{label('relationship')}</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      {label('actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {caregivers.map((caregiver) => {
                  const name = `${caregiver.firstName} ${caregiver.lastName}`;
                  return (
                    <TableRow key={caregiver.caregiverId} hover>
                      <TableCell>{caregiver.firstName}</TableCell>
                      <TableCell>{caregiver.lastName}</TableCell>
                      <TableCell>
                        {caregiver.relationship ? (
                          relationshipText(caregiver)
                        ) : (
                          <Typography component="span" variant="body2" color="warning.main">
                            {label('notSet')}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {readOnly ? (
                          <Tooltip title={label('view')}>
                            <IconButton size="small" aria-label={label('viewOne', { name })} onClick={() => open('view', caregiver)}>
                              <VisibilityOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : (
                          <>
                            <Tooltip title={label('edit')}>
                              <IconButton size="small" aria-label={label('editOne', { name })} onClick={() => open('edit', caregiver)}>
                                <EditOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={label('delete')}>
                              <IconButton
                                size="small"
                                aria-label={label('deleteOne', { name })}
                                onClick={() => setDeleting(caregiver)}
                                sx={{ color: 'error.main' }}
                              >
                                <DeleteOutline fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
      <CaregiverDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'add'}
        initial={initial}
        options={options}
        onClose={() => setDialog(null)}
        onSave={async (value) => {
          await onSave(dialog?.caregiver?.caregiverId ?? null, value);
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={label('confirmDelete', { name: `${deleting?.firstName ?? ''} ${deleting?.lastName ?? ''}` })}
        confirmLabel={label('delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting.caregiverId);
          setDeleting(null);
        }}
      />
    </Card>
  );
};
