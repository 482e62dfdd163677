import { readSettingsFile } from './settings-transfer';

test('an imported settings file keeps the OBS connection mode and instance', () => {
  const file = {
    app: 'newsdesk',
    version: 1,
    exportedAt: '2026-11-23T22:00:00.000Z',
    includesSecrets: false,
    settings: {
      obs: {
        host: '192.168.1.20',
        port: 4455,
        sceneName: 'AI News',
        sourceName: 'AI News Content',
        mode: 'server',
        instance: 'Regie 2',
      },
    },
  };
  expect(readSettingsFile(JSON.stringify(file)).settings.obs).toMatchObject({ mode: 'server', instance: 'Regie 2' });
  expect(() =>
    readSettingsFile(JSON.stringify({ ...file, settings: { obs: { ...file.settings.obs, mode: 'funk' } } })),
  ).toThrow();
});
