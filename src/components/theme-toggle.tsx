import { Moon, Sun } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useTheme } from '@/lib/theme';

/** Flips light/dark and stores it (SPEC §4); buttonVariants, not <Button>, keeps tailwind-merge off the landing page. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </button>
  );
}
