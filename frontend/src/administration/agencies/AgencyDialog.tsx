import type { ReactNode } from 'react';
import {
  CreateBase,
  EditBase,
  Form,
  SaveButton,
  TextInput,
  maxLength,
  required,
  useEditContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { WithFieldErrors } from '../../identity/WithFieldErrors';
import { KEEP_TYPED_VALUES } from '../../shared/form-reset';

/** Spec §9: agency name and display name are at most 1000 characters. */
const AGENCY_TEXT_MAX_LENGTH = 1000;

const AgencyFields = () => {
  const translate = useTranslate();
  // The spec's messages ('Agency name is required.' …): the browser says them before the round trip; the server
  // says the same when called directly.
  const rules = (field: 'name' | 'display_name') => [
    required(`cans.administration.agencies.required.${field}`),
    maxLength(AGENCY_TEXT_MAX_LENGTH, `cans.administration.agencies.too_long.${field}`),
  ];
  return (
    <>
      <TextInput source="name" label={translate('cans.administration.agencies.fields.name')} validate={rules('name')} fullWidth autoFocus />
      <TextInput
        source="displayName"
        label={translate('cans.administration.agencies.fields.display_name')}
        validate={rules('display_name')}
        fullWidth
      />
    </>
  );
};

/**
 * The edit form once the agency has loaded: a form shown before would be reset by the loaded record, dropping what
 * the user had typed meanwhile (seen on a loaded machine: a rename saved as the old name).
 */
const WhenLoaded = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { record, isPending } = useEditContext();
  if (isPending || !record)
    return (
      <DialogContent>
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      </DialogContent>
    );
  return <>{children}</>;
};

/** Add (no id) or Edit (an id) in a dialog over the list, as the spec's Agency Management screen has it. */
export const AgencyDialog = ({ agencyId, onClose }: { agencyId: string | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const title = translate(`cans.administration.agencies.${agencyId ? 'edit_title' : 'add_title'}`);
  const refresh = useRefresh();
  const mutationOptions = {
    onSuccess: () => {
      notify('cans.administration.agencies.saved', { type: 'success' });
      // The list is read again (after this save's position): a read of it already under way when the save was
      // answered would otherwise put the old name back over the saved one (seen on a loaded machine).
      refresh();
      onClose();
    },
  };
  const body = (
    <Form resetOptions={KEEP_TYPED_VALUES}>
      <DialogContent sx={{ pt: 1 }}>
        <AgencyFields />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <SaveButton alwaysEnable />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="agency-dialog-title">
      <DialogTitle id="agency-dialog-title">{title}</DialogTitle>
      <WithFieldErrors>
        {agencyId ? (
          <EditBase resource="agencies" id={agencyId} mutationMode="pessimistic" mutationOptions={mutationOptions} redirect={false}>
            <WhenLoaded>{body}</WhenLoaded>
          </EditBase>
        ) : (
          <CreateBase resource="agencies" mutationOptions={mutationOptions} redirect={false}>
            {body}
          </CreateBase>
        )}
      </WithFieldErrors>
    </Dialog>
  );
};
