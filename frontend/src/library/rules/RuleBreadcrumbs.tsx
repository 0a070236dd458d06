import { Link as RouterLink } from 'react-router-dom';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RULES_PATH } from '../library-paths';

/** Rules / Question [/ last]; "Question" links back to the list when a page below it is open. */
export const RuleBreadcrumbs = ({ last }: { last?: string }) => {
  const translate = useTranslate();
  return (
    <Breadcrumbs sx={{ mb: 1.5, mt: 2 }} aria-label={translate('cans.library.rules.breadcrumb')}>
      <Typography color="text.secondary">{translate('cans.library.rules.breadcrumb_rules')}</Typography>
      {last ? (
        <Link component={RouterLink} to={RULES_PATH} underline="hover" color="inherit">
          {translate('cans.library.rules.breadcrumb_question')}
        </Link>
      ) : (
        <Typography color="text.primary">{translate('cans.library.rules.breadcrumb_question')}</Typography>
      )}
      {last ? <Typography color="text.primary">{last}</Typography> : null}
    </Breadcrumbs>
  );
};
