import { DEFAULT_SETTINGS } from '@/db/settings';
import { confirmedWorkflowHosts, hostOf, obsHostChange, workflowHostChanges } from './credential-hosts';

const current = { ...DEFAULT_SETTINGS.workflowConfig, apiKey: 'n8n-key-1234' };

test('hostOf: host and port of http(s) addresses only', () => {
  expect(hostOf('https://N8N.Example.com:5678/webhook/x')).toBe('n8n.example.com:5678');
  expect(hostOf('ftp://x.example')).toBeNull();
  expect(hostOf('kein url')).toBeNull();
  expect(hostOf('')).toBeNull();
});

test('the confirmed hosts are those of the addresses in force', () => {
  expect([...confirmedWorkflowHosts(current)]).toEqual(['n8n.newsdesk.demo']);
});

test('a new host for any address is a change while a key is stored; the same host, or no key, is none', () => {
  expect(
    workflowHostChanges(current, {
      statusUrl: 'https://evil.example/status',
      webhookUrl: 'https://n8n.newsdesk.demo/other',
    }),
  ).toEqual([{ label: 'Status URL', from: 'n8n.newsdesk.demo', to: 'evil.example' }]);
  expect(workflowHostChanges(current, { mediaUrl: 'https://n8n.newsdesk.demo/webhook/m' })).toEqual([]);
  expect(workflowHostChanges({ ...current, apiKey: '' }, { statusUrl: 'https://evil.example/status' })).toEqual([]);
  // A port is part of the host: the key must not follow to another service on the same machine unasked.
  expect(workflowHostChanges(current, { webhookUrl: 'https://n8n.newsdesk.demo:8443/x' })).toHaveLength(1);
});

test('the OBS host is a change only while a password is stored', () => {
  expect(obsHostChange({ host: 'localhost', password: 'pw-1234' }, 'studio.example')).toEqual({
    label: 'OBS Host',
    from: 'localhost',
    to: 'studio.example',
  });
  expect(obsHostChange({ host: 'localhost', password: 'pw-1234' }, 'LOCALHOST')).toBeNull();
  expect(obsHostChange({ host: 'localhost', password: '' }, 'studio.example')).toBeNull();
});
