import { useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { getMe, sessionStarted, type Me } from '../../providers/authProvider';
import { appPath } from '../../providers/safe-path';

/** After a completed sign-in: load the new user, then go where they asked (or must) go. */
export const useEnterApp = () => {
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const location = useLocation();
  return async (user: Me | null, phoneMissing: boolean) => {
    sessionStarted();
    // The app shell cached "signed out" (and no privileges): load the new user's.
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const me = user ?? (await getMe().catch(() => null));
    // Spec §4: user 1 goes to /library; others to the page they asked for (the redirect target) or /.
    // The target is ?redirect= (spec 002 §4 "Route guard"), only ever a path inside the app (no open redirect).
    const state: unknown = location.state;
    const nextPathname =
      state && typeof state === 'object' && 'nextPathname' in state && typeof state.nextPathname === 'string'
        ? state.nextPathname
        : undefined;
    const target = appPath(new URLSearchParams(location.search).get('redirect')) ?? appPath(nextPathname);
    const landing = me?.isAdministrator || !target || target === '/login' ? String(me?.landingPath ?? '/') : target;
    if (phoneMissing) {
      notify(translate('cans.identity.sign_in.phone_missing'), { type: 'warning', autoHideDuration: 5000 });
      // The administrator still lands on the library; everyone else completes their profile first.
      navigate(me?.isAdministrator ? landing : '/profile/index', { replace: true });
      return;
    }
    navigate(landing, { replace: true });
  };
};
