/*
 * "Who could see this assessment on …": the server derives it from the events (owner, shares, supervisors, groups and
 * their privileges as they stood then) through the one row-access policy; the page only asks and lists.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, TextField, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { formatDateTime } from '../../shared/format';
import { assessmentApiPath } from '../assessment-paths';
import type { AccessAtMoment } from './history-types';
import { localInputToIso, nowForInput } from './history-query';

export const WhoCouldSee = ({ id }: { id: string }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.${key}`, options);
  const [value, setValue] = useState(nowForInput);
  const [asked, setAsked] = useState<string | null>(null);
  const path = asked ? `${assessmentApiPath(id, 'access-at')}?at=${encodeURIComponent(asked)}` : null;
  const { data, error, isFetching } = useApiQuery<AccessAtMoment>(path, { retry: false });
  return (
    <Paper component="section" variant="outlined" aria-labelledby="who-could-see" sx={{ px: 2, py: 1.5 }}>
      <Typography id="who-could-see" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {text('whoCouldSee')}
      </Typography>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(localInputToIso(value));
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}
      >
        <TextField
          type="datetime-local"
          size="small"
          label={text('whoCouldSeeAt')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          sx={{ minWidth: 0, width: { xs: '100%', sm: 260 } }}
        />
        <Button type="submit" variant="outlined" disabled={!localInputToIso(value) || isFetching}>
          {text('check')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error.message}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {formatDateTime(data.at)}
          </Typography>
          {data.users.length === 0 ? (
            <Typography variant="body2">{text('couldSeeNobody')}</Typography>
          ) : (
            <List dense aria-label={`${text('whoCouldSee')} ${formatDateTime(data.at)}`}>
              {data.users.map((user) => (
                <ListItem key={user.userId} disableGutters>
                  <ListItemText
                    primary={`${user.name}${user.groupName ? ` · ${user.groupName}` : ''}`}
                    secondary={`${text(`reasons.${user.reason}`)} · ${text(user.canEdit ? 'canEdit' : 'viewOnly')}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </Paper>
  );
};
