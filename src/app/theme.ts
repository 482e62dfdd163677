// The theme store lives in lib/ so that features (Admin → System) share it; the shell keeps importing it here.
export { readTheme, setTheme, toggleTheme, useTheme, type Theme } from '@/lib/theme';
