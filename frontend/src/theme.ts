import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { en } from './i18n/en';

/** Calm, high-contrast theme: deep blue primary, neutral surfaces, system fonts. */
export const FONT_STACK = [
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
].join(',');

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1a3a6b', light: '#3d5f95', dark: '#0f2547', contrastText: '#ffffff' },
    secondary: { main: '#2f6f73', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5a00' },
    success: { main: '#2e6b3a' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#4a5568' },
    divider: '#dde2ea',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: FONT_STACK,
    fontSize: 14,
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.6rem', fontWeight: 600 },
    h3: { fontSize: '1.35rem', fontWeight: 600 },
    h4: { fontSize: '1.2rem', fontWeight: 600 },
    h5: { fontSize: '1.1rem', fontWeight: 600 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  // Spec 002 §9: sidebar 210 px wide.
  sidebar: { width: 210, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    MuiAppBar: { defaultProps: { elevation: 0 }, styleOverrides: { root: { borderBottom: '1px solid #0f2547' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'medium' } },
    // Every spinner is named (axe: aria-progressbar-name), also react-admin's own, e.g. the app bar's loading
    // indicator; a spinner that says more passes its own aria-label, and one beside a text is aria-hidden.
    MuiCircularProgress: { defaultProps: { 'aria-label': en.ra.page.loading } },
    // Pictures in rich text (help, notification, library descriptions) are data URLs: never wider than their box.
    MuiCssBaseline: { styleOverrides: { 'img[src^="data:"]': { maxWidth: '100%', height: 'auto' } } },
  },
};
