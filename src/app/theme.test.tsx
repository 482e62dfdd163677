import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from '@/components/theme-toggle';
import { readTheme, setTheme } from '@/lib/theme';

function mockSystemDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

const original = window.matchMedia;
afterEach(() => {
  localStorage.clear();
  window.matchMedia = original;
  document.documentElement.classList.remove('dark');
});

test('nothing stored: the system preference decides', () => {
  mockSystemDark(true);
  expect(readTheme()).toBe('dark');
  mockSystemDark(false);
  expect(readTheme()).toBe('light');
});

test('a stored value wins over the system preference', () => {
  mockSystemDark(true);
  localStorage.setItem('theme', 'light');
  expect(readTheme()).toBe('light');
});

test('an unknown stored value is ignored', () => {
  mockSystemDark(false);
  localStorage.setItem('theme', 'purple');
  expect(readTheme()).toBe('light');
});

test('setTheme stores the value under "theme" and sets the dark class', () => {
  setTheme('dark');
  expect(localStorage.getItem('theme')).toBe('dark');
  expect(document.documentElement).toHaveClass('dark');
  setTheme('light');
  expect(localStorage.getItem('theme')).toBe('light');
  expect(document.documentElement).not.toHaveClass('dark');
});

test('the toggle flips the theme and saves it', async () => {
  mockSystemDark(false);
  render(<ThemeToggle />);
  await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(localStorage.getItem('theme')).toBe('dark');
  expect(document.documentElement).toHaveClass('dark');
  await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(localStorage.getItem('theme')).toBe('light');
  expect(document.documentElement).not.toHaveClass('dark');
});
