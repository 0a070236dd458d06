import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { PublicFrame } from '../identity/public/PublicFrame';

/** Spec 002 §2 "Login screen": the 404 page's text, shared by the public page and the in-layout one. */
const NotFoundText = () => (
  <>
    <Typography sx={{ fontWeight: 600 }}>You can not enter this page...</Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      Please check that the URL you entered is correct, or click the button below to return to the homepage.
    </Typography>
    <Box sx={{ mt: 3 }}>
      <Button component={RouterLink} to="/" variant="contained">
        Back to home
      </Button>
    </Box>
  </>
);

/** /404 and unknown paths of a visitor who is not signed in: no layout. */
export const NotFoundPage = () => (
  <PublicFrame title="OOPS!" icon={<SearchOffOutlined fontSize="small" />}>
    <NotFoundText />
  </PublicFrame>
);

/**
 * Inside the layout: unknown paths of a signed-in user, and routes the user lacks the privilege for (the route
 * guard shows this instead of the page; the menu already hides such routes).
 */
export const NotFoundContent = () => (
  <>
    <Title title="Page not found" />
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h1" gutterBottom>
          OOPS!
        </Typography>
        <NotFoundText />
      </CardContent>
    </Card>
  </>
);
