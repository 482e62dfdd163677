// npm start: builds the PWA when there is no build yet, then runs the Newsdesk server (PWA + /api on one origin).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.env.NEWSDESK_DIST_DIR || 'dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.log(`Kein Build in ${dist}: baue die PWA (npm run build) …`);
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
