import { useEffect, useRef } from 'react';
import { useGetIdentity, useLogout } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { appPath } from '../providers/safe-path';

/** Spec 002 §2 /redirect?path=…: goes to that path inside the app; anything else goes to /. */
export const RedirectPage = () => {
  const { search } = useLocation();
  return <Navigate to={appPath(new URLSearchParams(search).get('path')) ?? '/'} replace />;
};

/** Spec 002 §2 /logout: ends the session on the server (POST /api/auth/logout), then /login?redirect=home. */
export const LogoutPage = () => {
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout(undefined, '/login?redirect=home', false);
  }, [logout]);
  return null;
};

/** / (the dashboard route): /home, or the user's landing page (the administrator lands on /library, spec §4). */
export const LandingRedirect = () => {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  const landing = typeof identity?.landingPath === 'string' ? appPath(identity.landingPath) : undefined;
  return <Navigate to={landing && landing !== '/' ? landing : '/home'} replace />;
};
