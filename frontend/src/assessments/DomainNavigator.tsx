/*
 * The questionnaire's domain navigation (issue 28 item 15: as usable at 375 px as on a desktop): one row of the
 * domains, each with its status colour. On a phone it stays at the top of the window while the questions scroll under
 * it, right below the app bar when that shows and at the very top when it has slid away (wider windows keep the
 * editor's header there instead). Choosing a domain opens it and brings it into view; the open one is marked current.
 */
import { useTranslate } from 'react-admin';
import { Box, Button, useScrollTrigger } from '@mui/material';
import type { DomainView } from './assessment-types';
import { domainKey, domainTitle, STATUS_COLOURS } from './DomainCard';

/** react-admin's app bar on a phone: a regular toolbar (its layout's top margin below 600 px). */
const PHONE_APP_BAR_HEIGHT = 56;

export const DomainNavigator = ({
  domains,
  openKey,
  onSelect,
}: {
  domains: DomainView[];
  openKey: string | null;
  onSelect: (domain: DomainView) => void;
}) => {
  const translate = useTranslate();
  // The same trigger react-admin's app bar hides on, so the row follows it.
  const appBarHidden = useScrollTrigger();
  if (domains.length < 2) return null;
  return (
    <Box
      component="nav"
      aria-label={translate('cans.assessments.questionnaire.domainNavigation')}
      sx={{
        position: { xs: 'sticky', sm: 'static' },
        top: appBarHidden ? 0 : PHONE_APP_BAR_HEIGHT,
        transition: 'top 225ms',
        zIndex: (theme) => theme.zIndex.appBar - 1,
        bgcolor: 'background.default',
        mx: -1,
        px: 1,
        py: 1,
        mb: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 1, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 0.5 }}>
        {domains.map((domain) => {
          const key = domainKey(domain);
          const current = key === openKey;
          return (
            <Box component="li" key={key} sx={{ flex: '0 0 auto' }}>
              <Button
                size="small"
                variant={current ? 'contained' : 'outlined'}
                aria-current={current ? 'true' : undefined}
                // "Go to …": the domain's own button below is named by its title.
                aria-label={translate('cans.assessments.questionnaire.goToDomain', { title: domainTitle(domain) })}
                onClick={() => onSelect(domain)}
                startIcon={
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: STATUS_COLOURS[domain.status],
                      border: 1,
                      borderColor: 'common.white',
                    }}
                  />
                }
                sx={{ minHeight: 44, whiteSpace: 'nowrap', textTransform: 'none' }}
              >
                {domainTitle(domain)}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
