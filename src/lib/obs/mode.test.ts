import { isLanObsHost, isLoopbackHost } from './mode';

test.each([
  ['localhost', true],
  ['LOCALHOST:4455', true],
  ['ws://studio.localhost:4455/', true],
  ['127.0.0.1', true],
  ['127.1.2.3:4455', true],
  ['::1', true],
  ['[::1]:4455', true],
  ['192.168.1.20', false],
  ['studio.local', false],
  ['obs.example.org', false],
  ['localhost.example.org', false],
])('%s is the browser’s own machine: %s', (host, loopback) => {
  expect(isLoopbackHost(host)).toBe(loopback);
});

test.each([
  ['localhost', true],
  ['[::1]:4455', true],
  ['studio.local:4455', true],
  ['10.0.0.5', true],
  ['172.16.0.1', true],
  ['172.32.0.1', false],
  ['192.168.1.20:4455', true],
  ['169.254.10.10', true],
  ['fd12:3456::1', true],
  ['[fe80::1]:4455', true],
  ['ws://[fe80::1]:4455', true],
  ['2001:db8::1', false],
  ['8.8.8.8', false],
  ['obs.example.org', false],
])('%s is reached on the studio LAN only: %s', (host, lan) => {
  expect(isLanObsHost(host)).toBe(lan);
});
