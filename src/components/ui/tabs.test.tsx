import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

// The WAI-ARIA Authoring Practices "Tabs with automatic activation" (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/).
function Example({ onChange, disabledB = false }: { onChange?: (v: string) => void; disabledB?: boolean }) {
  return (
    <>
      <button type="button">before</button>
      <Tabs defaultValue="a" onValueChange={onChange}>
        <TabsList aria-label="Bereiche">
          <TabsTrigger value="a">Erster</TabsTrigger>
          <TabsTrigger value="b" disabled={disabledB}>
            Zweiter
          </TabsTrigger>
          <TabsTrigger value="c d">Dritter</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Inhalt A</TabsContent>
        <TabsContent value="b">Inhalt B</TabsContent>
        <TabsContent value="c d">Inhalt C</TabsContent>
      </Tabs>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

it('links each tab and its panel and shows only the selected panel, the others hidden and unmounted', () => {
  render(<Example />);
  expect(screen.getByRole('tablist', { name: 'Bereiche' })).toHaveAttribute('aria-orientation', 'horizontal');
  expect(tab('Erster')).toHaveAttribute('aria-selected', 'true');
  expect(tab('Zweiter')).toHaveAttribute('aria-selected', 'false');
  expect(tab('Erster')).toHaveAttribute('data-state', 'active');
  const panel = screen.getByRole('tabpanel');
  expect(panel).toHaveTextContent('Inhalt A');
  expect(panel).toHaveAccessibleName('Erster');
  expect(tab('Erster').getAttribute('aria-controls')).toBe(panel.id);
  // A value with a space still yields one id token each way.
  const third = tab('Dritter');
  expect(third.getAttribute('aria-controls')).not.toContain(' ');
  expect(document.getElementById(third.getAttribute('aria-controls') ?? '')).toHaveAttribute('hidden');
  expect(screen.queryByText('Inhalt B')).toBeNull();
  expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(3);
});

it('puts only the selected tab in the Tab order; arrows, Home and End move and select, wrapping around', async () => {
  const user = userEvent.setup();
  const changes: string[] = [];
  render(<Example onChange={(v) => changes.push(v)} />);
  await user.click(screen.getByRole('button', { name: 'before' }));
  await user.tab();
  expect(tab('Erster')).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(tab('Zweiter')).toHaveFocus();
  expect(tab('Zweiter')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Inhalt B');
  await user.keyboard('{ArrowRight}{ArrowRight}');
  expect(tab('Erster')).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(tab('Dritter')).toHaveFocus();
  await user.keyboard('{Home}');
  expect(tab('Erster')).toHaveFocus();
  await user.keyboard('{End}');
  expect(tab('Dritter')).toHaveFocus();
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Inhalt C');
  expect(changes).toEqual(['b', 'c d', 'a', 'c d', 'a', 'c d']);
  // Tab leaves the list for the selected panel, not the next tab.
  await user.tab();
  expect(screen.getByRole('tabpanel')).toHaveFocus();
  expect(tab('Erster')).toHaveAttribute('tabindex', '-1');
  expect(tab('Dritter')).toHaveAttribute('tabindex', '0');
});

it('skips a disabled tab with the arrows and does not select it on a click', async () => {
  const user = userEvent.setup();
  render(<Example disabledB />);
  await user.click(tab('Zweiter'));
  expect(tab('Erster')).toHaveAttribute('aria-selected', 'true');
  await user.click(tab('Erster'));
  await user.keyboard('{ArrowRight}');
  expect(tab('Dritter')).toHaveFocus();
});

it('selects on a primary press but not on a right-click or a ctrl-click', async () => {
  const user = userEvent.setup();
  render(<Example />);
  await user.pointer({ keys: '[MouseRight]', target: tab('Zweiter') });
  expect(tab('Zweiter')).toHaveAttribute('aria-selected', 'false');
  await user.keyboard('{Control>}');
  await user.click(tab('Zweiter'));
  await user.keyboard('{/Control}');
  expect(tab('Zweiter')).toHaveAttribute('aria-selected', 'false');
  await user.click(tab('Zweiter'));
  expect(tab('Zweiter')).toHaveAttribute('aria-selected', 'true');
});

it('follows its value when controlled; a panel left for another tab is unmounted (as with Radix) and starts afresh', async () => {
  const user = userEvent.setup();
  function Controlled() {
    const [value, setValue] = useState('a');
    return (
      <>
        <output aria-label="Wert">{value}</output>
        <Tabs value={value} onValueChange={setValue}>
          <TabsList>
            <TabsTrigger value="a">Erster</TabsTrigger>
            <TabsTrigger value="b">Zweiter</TabsTrigger>
          </TabsList>
          <TabsContent value="a">
            <input aria-label="Feld" />
          </TabsContent>
          <TabsContent value="b">Inhalt B</TabsContent>
        </Tabs>
        <button type="button" onClick={() => setValue('b')}>
          von außen
        </button>
      </>
    );
  }
  render(<Controlled />);
  await user.type(screen.getByRole('textbox', { name: 'Feld' }), 'Text');
  await user.click(screen.getByRole('button', { name: 'von außen' }));
  expect(tab('Zweiter')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('status', { name: 'Wert' })).toHaveTextContent('b');
  expect(screen.queryByRole('textbox', { name: 'Feld' })).toBeNull();
  await user.click(tab('Erster'));
  expect(screen.getByRole('textbox', { name: 'Feld' })).toHaveValue('');
});
