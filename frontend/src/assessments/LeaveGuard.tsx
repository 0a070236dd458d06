/*
 * Leaving a page with unsaved text asks first (issue 10 finding 2): the browser's own prompt on reload or close
 * (beforeunload), and a dialog on in-app navigation. The in-app part needs react-router's data router (react-admin
 * creates one unless the app brings its own router), so it is only mounted where one exists.
 */
import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes on this page. Leave and lose them?';

const NavigationPrompt = ({ when }: { when: () => boolean }) => {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && when());
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-guard-title" maxWidth="xs" fullWidth>
      <DialogTitle id="leave-guard-title">Unsaved changes</DialogTitle>
      <DialogContent>
        <DialogContentText>{UNSAVED_CHANGES_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => blocker.proceed?.()}>Leave</Button>
        <Button variant="contained" onClick={() => blocker.reset?.()} autoFocus>
          Stay
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
