/*
 * Leaving a page with unsaved text asks first (issue 10 finding 2): the browser's own prompt on reload or close
 * (beforeunload), and a dialog on in-app navigation. The in-app part needs react-router's data router (react-admin
 * creates one unless the app brings its own router), so it is only mounted where one exists.
 */
import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

const NavigationPrompt = ({ when }: { when: () => boolean }) => {
  const translate = useTranslate();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && when());
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-guard-title" maxWidth="xs" fullWidth>
      <DialogTitle id="leave-guard-title">{translate('cans.assessments.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('cans.assessments.leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => blocker.proceed?.()}>{translate('cans.assessments.leave.leave')}</Button>
        <Button variant="contained" onClick={() => blocker.reset?.()} autoFocus>
          {translate('cans.assessments.leave.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** `when` is asked at the moment of leaving, so a navigation right after a successful save can pass. */
export const LeaveGuard = ({ when }: { when: () => boolean }) => {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!when()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <NavigationPrompt when={when} /> : null;
};
