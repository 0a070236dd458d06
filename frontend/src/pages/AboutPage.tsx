import { Title } from 'react-admin';
import { Alert, Card, CardContent, CircularProgress, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useApiQuery } from '../providers/useApi';
import { useAppVersion } from '../administration/settings/useAppVersion';

interface Health {
  status?: string;
  version?: string;
  [key: string]: unknown;
}

const display = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The health answer as rows; its version is the build's, named so beside the App Version an administrator sets. */
const healthRows = ({ status, version, ...rest }: Health): Record<string, unknown> => ({ status, 'build version': version, ...rest });

/** Shows GET /api/health, e.g. { status: 'ok', version: '0.1.0', ... }. */
export const AboutPage = () => {
  const { data, error, isPending } = useApiQuery<Health>('/health');
  const appVersion = useAppVersion();

  return (
    <>
      <Title title="About" />
      <Card sx={{ mt: 2, maxWidth: 760 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography component="h1" variant="h2" gutterBottom>
            About CANS
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
            Child and Adolescent Needs and Strengths — service status.
          </Typography>
          {appVersion && (
            <Typography variant="body1" sx={{ mb: 2 }}>
              App Version: <strong>{appVersion}</strong>
            </Typography>
          )}
          {isPending && <CircularProgress size={24} aria-label="Loading service status" />}
          {error && <Alert severity="error">Service status unavailable: {error.message}</Alert>}
          {data && (
            <Table size="small" aria-label="Service status">
              <TableBody>
                {Object.entries(healthRows(data)).map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 180 }}>
                      {key}
                    </TableCell>
                    <TableCell>{display(value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
};
