import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { PublicFrame } from './public/PublicFrame';
import { SignInForm } from './sign-in/SignInForm';
import { useSignIn } from './sign-in/useSignIn';
import { VerificationDialog } from './sign-in/VerificationDialog';

// pages/HelpPage and pages/NotFoundPage import the frame from here.

/**
 * Public sign-in page (spec §2 "Login screen", §4 "Login"): login name (username, email or phone), password
 * with show/hide, the Confidentiality Statement checkbox (checked; unchecked disables Log in), Remember this
 * device (on), then the verification dialog unless this browser is remembered.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const signIn = useSignIn();
  return (
    <PublicFrame title={translate('cans.identity.sign_in.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {translate('cans.identity.product_name')}
      </Typography>
      <SignInForm signIn={signIn} />
      {signIn.channels !== null && (
        <VerificationDialog
          channels={signIn.channels}
          rememberDevice={signIn.form.rememberDevice}
          onCancel={signIn.cancelCodeStep}
          onSignedIn={(user, phoneMissing) => void signIn.enterApp(user, phoneMissing)}
          onRestart={signIn.restart}
        />
      )}
    </PublicFrame>
  );
};
