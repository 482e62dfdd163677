import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ThemeToggle } from '@/components/theme-toggle';
import { Tooltips } from './tooltip-loader';

function Page() {
  return (
    <>
      <ThemeToggle />
      <button type="button" aria-label="Aktionen für Erster Beitrag">
        <svg aria-hidden />
      </button>
      <button type="button">Speichern</button>
      <Tooltips />
    </>
  );
}

// jsdom lays nothing out (every box is at 0, 0): the pointer leaves and travels far from there, out of Radix's grace area.
const mouse = { pointerType: 'mouse', clientX: 300, clientY: 300 };

/** Hovers `button` as a mouse does: pointerover (which loads the tooltips the first time), then a move. */
async function hover(button: HTMLElement) {
  await act(async () => {
    fireEvent.pointerOver(button, mouse);
    // The lazy tooltip module: loaded in the test's first hover, at once from the module cache after.
    await import('./tooltip');
  });
  fireEvent.pointerMove(button, mouse);
}

/** Moves the pointer out of `button` and across the gap to the next. */
function leave(button: HTMLElement) {
  fireEvent.pointerLeave(button, { ...mouse, clientX: 40, clientY: 20 });
  fireEvent.pointerMove(document.body, mouse);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('hovering the theme toggle shows its name as a tooltip after 700 ms, not before', async () => {
  render(<Page />);
  const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });

  await hover(toggle);
  advance(600);
  expect(screen.queryByText('Switch to dark theme')).not.toBeInTheDocument();
  advance(100);
  expect(screen.getByText('Switch to dark theme')).toBeInTheDocument();
  // Still one name, and no description repeating it.
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).not.toHaveAttribute('aria-describedby');
});

test('moving to a second icon button within 300 ms shows its tooltip at once', async () => {
  render(<Page />);
  const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });
  const menu = screen.getByRole('button', { name: 'Aktionen für Erster Beitrag' });

  await hover(toggle);
  advance(700);
  expect(screen.getByText('Switch to dark theme')).toBeInTheDocument();

  // Out of the toggle, across the gap, onto the menu button, 100 ms later.
  leave(toggle);
  expect(screen.queryByText('Switch to dark theme')).not.toBeInTheDocument();
  advance(100);
  await hover(menu);
  expect(screen.getByText('Aktionen für Erster Beitrag')).toBeInTheDocument();
});

test('after the skip delay the next tooltip waits its 700 ms again', async () => {
  render(<Page />);
  const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });
  const menu = screen.getByRole('button', { name: 'Aktionen für Erster Beitrag' });

  await hover(toggle);
  advance(700);
  leave(toggle);
  advance(300);
  await hover(menu);
  advance(600);
  expect(screen.queryByText('Aktionen für Erster Beitrag')).not.toBeInTheDocument();
  advance(100);
  expect(screen.getByText('Aktionen für Erster Beitrag')).toBeInTheDocument();
});

test('keyboard focus shows the tooltip at once, Escape closes it; buttons with text get none', async () => {
  render(<Page />);
  const menu = screen.getByRole('button', { name: 'Aktionen für Erster Beitrag' });

  await act(async () => {
    menu.focus();
    await import('./tooltip');
  });
  expect(screen.getByText('Aktionen für Erster Beitrag')).toBeInTheDocument();
  fireEvent.keyDown(menu, { key: 'Escape' });
  expect(screen.queryByText('Aktionen für Erster Beitrag')).not.toBeInTheDocument();
  expect(menu).toHaveFocus();

  const save = screen.getByRole('button', { name: 'Speichern' });
  await hover(save);
  advance(1000);
  expect(screen.getAllByText('Speichern')).toHaveLength(1);
});

test('touch gets no tooltip', async () => {
  render(<Page />);
  const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });

  await act(async () => {
    fireEvent.pointerOver(toggle, { pointerType: 'touch' });
    await import('./tooltip');
  });
  fireEvent.pointerMove(toggle, { pointerType: 'touch' });
  advance(1000);
  expect(screen.queryByText('Switch to dark theme')).not.toBeInTheDocument();
});
