import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AnchoredMenu, DropdownMenuItem } from './dropdown-menu';

function List({ onPick }: { onPick: (row: string) => void }) {
  const [menu, setMenu] = useState<{ row: string; anchor: HTMLElement } | null>(null);
  return (
    <div>
      {['Erste', 'Zweite'].map((row) => (
        <button
          key={row}
          type="button"
          aria-label={`Aktionen für ${row}`}
          onClick={(e) => setMenu({ row, anchor: e.currentTarget })}
        >
          …
        </button>
      ))}
      {menu && (
        <AnchoredMenu anchor={menu.anchor} label={`Menü ${menu.row}`} onClose={() => setMenu(null)}>
          <DropdownMenuItem onSelect={() => onPick(menu.row)}>Öffnen</DropdownMenuItem>
        </AnchoredMenu>
      )}
    </div>
  );
}

test('one menu serves every row: it opens for the clicked row, runs the item for that row and closes', async () => {
  const user = userEvent.setup();
  const onPick = vi.fn();
  render(<List onPick={onPick} />);
  await user.click(screen.getByRole('button', { name: 'Aktionen für Zweite' }));
  expect(await screen.findByRole('menu', { name: 'Menü Zweite' })).toBeInTheDocument();
  await user.click(screen.getByRole('menuitem', { name: 'Öffnen' }));
  expect(onPick).toHaveBeenCalledWith('Zweite');
  expect(screen.queryByRole('menu')).toBeNull();
});

test('Escape closes the menu and gives focus back to the row button that opened it', async () => {
  const user = userEvent.setup();
  render(<List onPick={() => {}} />);
  const trigger = screen.getByRole('button', { name: 'Aktionen für Erste' });
  await user.click(trigger);
  await screen.findByRole('menu', { name: 'Menü Erste' });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).toBeNull();
  expect(trigger).toHaveFocus();
});
