import { DEFAULT_THEME, type Theme as ThemeName } from '@membolt/contracts/rules';
import { createTheme, type Theme } from '@mui/material/styles';

/** The themes a user can save in their settings. */
export type ThemeMode = ThemeName;

export const DEFAULT_THEME_MODE: ThemeMode = DEFAULT_THEME;

// The CSP allows no external fonts: system stacks only.
const SYSTEM_FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

export const MONOSPACE_FONT_STACK = [
  'ui-monospace',
  'SFMono-Regular',
  'Menlo',
  'Consolas',
  '"Liberation Mono"',
  'monospace',
].join(',');

/** Height the fixed top bar takes, so in-page anchors do not land underneath it. */
export const TOP_BAR_OFFSET_PX = 72;

export function createAppTheme(mode: ThemeMode): Theme {
  const isDark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: isDark ? '#8b93ff' : '#4f46e5' },
      secondary: { main: isDark ? '#2dd4bf' : '#0d9488' },
      background: isDark
        ? { default: '#0b1020', paper: '#121a2f' }
        : { default: '#f7f8fc', paper: '#ffffff' },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: SYSTEM_FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.015em' },
      h3: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollBehavior: 'smooth' },
          '@media (prefers-reduced-motion: reduce)': { html: { scrollBehavior: 'auto' } },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
    },
  });
}
