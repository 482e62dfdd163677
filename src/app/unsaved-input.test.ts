import { decideUpdate, hasUnsavedInput } from './unsaved-input';

afterEach(() => {
  document.body.innerHTML = '';
});

test('automatic updates on and nothing unsaved: apply; otherwise ask', () => {
  expect(decideUpdate({ autoUpdates: true, unsaved: false })).toBe('apply');
  expect(decideUpdate({ autoUpdates: true, unsaved: true })).toBe('ask');
  expect(decideUpdate({ autoUpdates: false, unsaved: false })).toBe('ask');
  expect(decideUpdate({ autoUpdates: false, unsaved: true })).toBe('ask');
});

test('a form marked data-unsaved counts as unsaved input', () => {
  document.body.innerHTML = '<form data-unsaved="false"></form>';
  expect(hasUnsavedInput()).toBe(false);
  document.body.innerHTML = '<form data-unsaved="true"></form>';
  expect(hasUnsavedInput()).toBe(true);
});

test('a focused text field with text counts; an empty one does not', () => {
  document.body.innerHTML = '<textarea id="t"></textarea>';
  const t = document.getElementById('t') as HTMLTextAreaElement;
  t.focus();
  expect(hasUnsavedInput()).toBe(false);
  t.value = 'Entwurf';
  expect(hasUnsavedInput()).toBe(true);
});
