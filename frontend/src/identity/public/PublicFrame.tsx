import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';

/** The page frame shared by the public pages: product bar, a centred card, the footer. */
export const PublicFrame = ({
  title,
  icon,
  children,
  width = 440,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  width?: number;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 4 }, py: 1.5 }}>
        <Typography component="span" sx={{ fontWeight: 700, letterSpacing: '0.06em' }}>
          CANS
        </Typography>
        <Typography component="span" sx={{ ml: 1.5, opacity: 0.8, fontSize: '0.875rem', display: { xs: 'none', sm: 'inline' } }}>
          {translate('cans.identity.product_name')}
        </Typography>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: width, borderTop: 4, borderTopColor: 'primary.main' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
              <Box
                aria-hidden
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {icon ?? <LockOutlined fontSize="small" />}
              </Box>
              <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
            </Box>
            {children}
          </CardContent>
        </Card>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('cans.identity.authorized_use_only')}
        </Typography>
      </Box>
    </Box>
  );
};
