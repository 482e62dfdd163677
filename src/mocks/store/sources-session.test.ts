import type { DeskSettingsPatch } from '@/contract';
import { callApi } from '@/lib/api/client';
import { resetStore } from './index';
import { keepDeskSettingsForSession } from './sources';

const getDeskSettings = () => callApi('settings.get');
const updateDeskSettings = (body: DeskSettingsPatch) => callApi('settings.update', { body });

// Its own file: keeping the settings for the session is switched on for the rest of the module's life.
test("the browser demo keeps saved desk settings across a reload of the tab, not across an 'empty' scenario", async () => {
  keepDeskSettingsForSession();
  await updateDeskSettings({ review: false, disclosure: { reviewed: 'Geprüft.' } });
  resetStore('default'); // what a reload does: the page's mock network seeds the store again
  await expect(getDeskSettings()).resolves.toMatchObject({ review: false, disclosure: { reviewed: 'Geprüft.' } });
  resetStore('empty');
  await expect(getDeskSettings()).resolves.toMatchObject({ review: true });
  sessionStorage.setItem('newsdesk-demo-desk-settings', '{"review":"kaputt"}');
  resetStore('default');
  await expect(getDeskSettings()).resolves.toMatchObject({ review: true });
  sessionStorage.clear();
});
