import { useNavigate, useSearchParams } from 'react-router-dom';
import { HelpDialog } from '../administration/help/HelpDialog';
import { LoginPage } from '../identity/LoginPage';

/**
 * Spec 002 §2: /help shows the help dialog and does not navigate; the help panel is reachable without signing in.
 * Visited as an address (/help?path=…: the help of that page, the sign-in page's by default), the dialog opens over
 * the sign-in page, and closing it leaves the visitor there (signed-in users are taken on to their landing page).
 */
export const HelpPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <LoginPage />
      <HelpDialog pagePath={params.get('path') || '/login'} onClose={() => navigate('/login', { replace: true })} />
    </>
  );
};
