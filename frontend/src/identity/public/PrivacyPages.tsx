import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import { PublicFrame } from './PublicFrame';

/** A heading and its paragraph of a policy page. */
const PolicySection = ({ heading, body }: { heading: string; body: string }) => (
  <>
    <Typography component="h2" variant="h6">
      {heading}
    </Typography>
    <Typography variant="body2">{body}</Typography>
  </>
);

/** The close of both privacy pages: whom to ask, and the way back to sign-in. */
const PolicyContact = () => {
  const translate = useTranslate();
  return (
    <>
      <PolicySection heading={translate('cans.identity.privacy.contact_heading')} body={translate('cans.identity.privacy.contact')} />
      <Box>
        <Button component={RouterLink} to="/login" variant="outlined">
          {translate('cans.identity.privacy.back_to_sign_in')}
        </Button>
      </Box>
    </>
  );
};

/** Spec §2 /privacy: the Confidentiality Statement / User Agreement and the Privacy Policy. */
export const PrivacyPage = () => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.identity.privacy.${key}`);
  return (
    <PublicFrame title={text('title')} icon={<PolicyOutlined fontSize="small" />} width={760}>
      <Stack spacing={2}>
        <PolicySection heading={text('agreement_heading')} body={text('agreement')} />
        <PolicySection heading={text('policy_heading')} body={text('policy')} />
        <PolicySection heading={text('changes_heading')} body={text('changes')} />
        <PolicyContact />
      </Stack>
    </PublicFrame>
  );
};

/** Spec 002 §2 /appPrivacy: the mobile app's privacy page. */
export const AppPrivacyPage = () => {
  const translate = useTranslate();
  return (
    <PublicFrame title={translate('cans.identity.privacy.app_title')} icon={<PolicyOutlined fontSize="small" />} width={760}>
      <Stack spacing={2}>
        <Typography variant="body2">{translate('cans.identity.privacy.app_policy')}</Typography>
        <PolicyContact />
      </Stack>
    </PublicFrame>
  );
};
