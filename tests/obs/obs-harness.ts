/**
 * Integration-test harness: starts a REAL OBS Studio (with obs-websocket v5)
 * headless under Xvfb, plus an nginx-rtmp sink that OBS streams to.
 *
 * Everything lives in a private temp dir (HOME, XDG_* dirs, OBS config, nginx
 * prefix, logs). Every process is spawned detached (own process group) and is
 * killed by its own PID/PGID in stop(). Ports and the X display are picked
 * dynamically, so several harnesses can run side by side.
 *
 * Required Debian packages: obs-studio xvfb nginx libnginx-mod-rtmp
 * (see tests/obs/README.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, existsSync, rmSync } from 'node:fs';
import { access, appendFile, mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { OBSWebSocket } from 'obs-websocket-js/json';

export interface StartObsOptions {
  /** obs-websocket password; a random one is generated when omitted. */
  password?: string;
  /** Fixed ports (a session's own port range) instead of free ones picked by the kernel. */
  ports?: { ws: number; rtmp: number };
}

export interface ObsHarness {
  host: string;
  port: number;
  password: string;
  rtmpPort: number;
  /** Private temp dir (HOME, configs, logs); removed by stop() unless OBS_HARNESS_KEEP=1. */
  tempDir: string;
  /** Log files captured so far (OBS stdout/stderr, OBS's own log, nginx, Xvfb). */
  logs(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** Scene names written into the scene collection, in order. */
export const OBS_SCENES = ['main-studio', 'intro', 'weather', 'breaking', 'outro'] as const;
/** Freetype text source placed in the `main-studio` scene. */
export const OBS_TEXT_SOURCE = 'AI News Content';
/** RTMP application / stream key OBS publishes to on the nginx sink. */
export const RTMP_APP = 'live';
export const RTMP_STREAM_KEY = 'newsdesk-test';

const HOST = '127.0.0.1';
const PROFILE = 'NewsdeskTest';
const COLLECTION = 'NewsdeskTest';
const RTMP_MODULE_CANDIDATES = [
  '/usr/lib/nginx/modules/ngx_rtmp_module.so',
  '/usr/share/nginx/modules/ngx_rtmp_module.so',
];
/** Whole startup (Xvfb + nginx + OBS + Identify) must finish within this budget. */
const STARTUP_BUDGET_MS = 50_000;
/** Give up early when the websocket port accepts TCP but Identify keeps failing for this long. */
const IDENTIFY_GRACE_MS = 15_000;
const XVFB_READY_TIMEOUT_MS = 10_000;
const NGINX_READY_TIMEOUT_MS = 10_000;
const KILL_GRACE_MS = 2_000;

// ---------------------------------------------------------------------------
// small helpers

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function findExecutable(name: string, envOverride?: string): Promise<string | undefined> {
  const override = envOverride ? process.env[envOverride] : undefined;
  if (override) {
    try {
      await access(override, fsConstants.X_OK);
      return override;
    } catch {
      return undefined;
    }
  }
  const dirs = (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat(['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']);
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, fsConstants.X_OK);
      const st = await stat(candidate);
      if (st.isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Ask the kernel for a free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      if (addr === null || typeof addr === 'string') {
        srv.close();
        reject(new Error('could not determine a free port'));
        return;
      }
      const { port } = addr;
      srv.close(() => resolve(port));
    });
  });
}

/** Distinct free ports (the kernel may hand out the same one twice after close). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

function tcpProbe(port: number, host = HOST, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok: boolean): void => {
      sock.removeAllListeners();
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

async function tail(file: string, maxChars = 4_000): Promise<string> {
  try {
    const text = await readFile(file, 'utf8');
    if (text.trim() === '') return '(empty)';
    return text.length > maxChars ? `…${text.slice(-maxChars)}` : text;
  } catch {
    return '(no log)';
  }
}

/** OBS writes its own log under <config>/obs-studio/logs/<date>.txt. */
async function obsInternalLog(configHome: string): Promise<string | undefined> {
  const dir = path.join(configHome, 'obs-studio', 'logs');
  try {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.txt')).sort();
    const last = files.at(-1);
    return last ? path.join(dir, last) : undefined;
  } catch {
    return undefined;
  }
}

const obsVersionNumber = (major: number, minor: number, patch: number): number =>
  major * 2 ** 24 + minor * 2 ** 16 + patch;

// ---------------------------------------------------------------------------
// process management

interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: boolean;
  exitInfo: string;
}

function processGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal); // whole process group (spawned detached => pgid == pid)
  } catch {
    // group already gone
  }
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

async function killManaged(proc: Managed): Promise<void> {
  const pid = proc.child.pid;
  if (pid === undefined) return;
  if (proc.exited && !processGroupAlive(pid)) return;
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + KILL_GRACE_MS;
  while (Date.now() < deadline) {
    if (proc.exited && !processGroupAlive(pid)) return;
    await sleep(50);
  }
  signalGroup(pid, 'SIGKILL');
  const hardDeadline = Date.now() + KILL_GRACE_MS;
  while (Date.now() < hardDeadline && !(proc.exited && !processGroupAlive(pid))) await sleep(50);
}

async function spawnLogged(
  name: string,
  command: string,
  args: string[],
  logFile: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  extraPipe = false,
): Promise<Managed> {
  const log = await open(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true, // own process group → stop() can kill the whole tree by PGID
    stdio: extraPipe ? ['ignore', log.fd, log.fd, 'pipe'] : ['ignore', log.fd, log.fd],
  });
  const managed: Managed = { name, child, logFile, exited: false, exitInfo: '' };
  child.once('exit', (code, signal) => {
    managed.exited = true;
    managed.exitInfo = signal ? `signal ${signal}` : `exit code ${String(code)}`;
  });
  // Attach before any await: 'spawn'/'error' fire on the next tick.
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (err) => reject(new Error(`failed to spawn ${name} (${command}): ${err.message}`)));
  });
  try {
    await spawned;
  } finally {
    // the child has its own copy of the descriptor now
    await log.close();
  }
  return managed;
}

/**
 * Reaper: a tiny detached shell that SIGKILLs every process group listed in
 * <dir>/pgids and removes <dir> if this Node process dies without stop()
 * (e.g. the vitest worker is killed after a hook timeout). stop() kills the
 * reaper first, by its PID.
 */
const REAPER_SCRIPT = [
  'parent="$1"; dir="$2"',
  'while kill -0 "$parent" 2>/dev/null; do sleep 1; done',
  // dash's kill: `-s KILL -- -PGID` is the portable spelling (`-KILL -- -PGID` fails there)
  'for g in $(cat "$dir/pgids" 2>/dev/null); do kill -s KILL -- "-$g" 2>/dev/null; kill -s KILL "$g" 2>/dev/null; done',
  '[ "$3" = keep ] || rm -rf -- "$dir"',
].join('\n');

function startReaper(dir: string, keep: boolean): ChildProcess {
  const reaper = spawn(
    '/bin/sh',
    ['-c', REAPER_SCRIPT, 'obs-harness-reaper', String(process.pid), dir, keep ? 'keep' : 'remove'],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  reaper.on('error', () => undefined);
  reaper.unref();
  return reaper;
}

// ---------------------------------------------------------------------------
// config writers

function globalIni(wsPort: number, password: string): string {
  const lastVersion = obsVersionNumber(29, 0, 2);
  return [
    '[General]',
    // FirstRun=true + LastVersion present → no auto-config wizard on start.
    'FirstRun=true',
    `LastVersion=${lastVersion}`,
    'EnableAutoUpdates=false',
    'ConfirmOnExit=false',
    '',
    '[Basic]',
    `Profile=${PROFILE}`,
    `ProfileDir=${PROFILE}`,
    `SceneCollection=${COLLECTION}`,
    `SceneCollectionFile=${COLLECTION}`,
    'ConfigOnNewProfile=false',
    '',
    '[BasicWindow]',
    'SysTrayEnabled=false',
    'SysTrayWhenStarted=false',
    'WarnBeforeStartingStream=false',
    'WarnBeforeStoppingStream=false',
    'WarnBeforeStoppingRecord=false',
    'ShowTransitions=true',
    '',
    // obs-websocket 5.1 reads its settings from global.ini, not config.json.
    '[OBSWebSocket]',
    'FirstLoad=false',
    'ServerEnabled=true',
    `ServerPort=${wsPort}`,
    'AlertsEnabled=false',
    'AuthRequired=true',
    `ServerPassword=${password}`,
    '',
  ].join('\n');
}

function profileIni(): string {
  return [
    '[General]',
    `Name=${PROFILE}`,
    '',
    '[Video]',
    'BaseCX=640',
    'BaseCY=360',
    'OutputCX=640',
    'OutputCY=360',
    'FPSType=0',
    'FPSCommon=30',
    'ScaleType=bilinear',
    'ColorFormat=NV12',
    '',
    '[Audio]',
    'SampleRate=44100',
    'ChannelSetup=Stereo',
    '',
    // Advanced mode so the stream encoder settings come from streamEncoder.json
    // (lets us pin keyint_sec=2 and an ultrafast preset).
    '[Output]',
    'Mode=Advanced',
    'DelayEnable=false',
    'Reconnect=false',
    '',
    '[AdvOut]',
    'Encoder=obs_x264',
    'ApplyServiceSettings=false',
    'Rescale=false',
    'TrackIndex=1',
    'RecType=Standard',
    'RecEncoder=none',
    'Track1Bitrate=64',
    '',
  ].join('\n');
}

function serviceJson(rtmpPort: number): string {
  return JSON.stringify(
    {
      type: 'rtmp_custom',
      settings: {
        server: `rtmp://${HOST}:${rtmpPort}/${RTMP_APP}`,
        key: RTMP_STREAM_KEY,
        use_auth: false,
        bwtest: false,
      },
    },
    null,
    2,
  );
}

function streamEncoderJson(): string {
  return JSON.stringify(
    { rate_control: 'CBR', bitrate: 400, keyint_sec: 2, preset: 'ultrafast', profile: 'baseline', tune: 'zerolatency' },
    null,
    2,
  );
}

function sceneCollectionJson(): string {
  const prevVer = obsVersionNumber(29, 0, 2);
  const sceneItem = (name: string, id: number): Record<string, unknown> => ({
    name,
    id,
    visible: true,
    locked: false,
    rot: 0,
    pos: { x: 20, y: 150 },
    scale: { x: 1, y: 1 },
    align: 5,
    bounds_type: 0,
    bounds_align: 0,
    bounds: { x: 0, y: 0 },
    crop_left: 0,
    crop_top: 0,
    crop_right: 0,
    crop_bottom: 0,
    group_item_backup: false,
    scale_filter: 'disable',
    blend_method: 'default',
    blend_type: 'normal',
    private_settings: {},
  });
  const baseSource = {
    enabled: true,
    flags: 0,
    mixers: 0,
    muted: false,
    volume: 1,
    balance: 0.5,
    sync: 0,
    monitoring_type: 0,
    deinterlace_mode: 0,
    deinterlace_field_order: 0,
    'push-to-mute': false,
    'push-to-talk': false,
    prev_ver: prevVer,
    private_settings: {},
    hotkeys: {},
    filters: [],
  };
  const scenes = OBS_SCENES.map((name) => ({
    ...baseSource,
    id: 'scene',
    versioned_id: 'scene',
    name,
    settings: {
      custom_size: false,
      id_counter: name === 'main-studio' ? 1 : 0,
      items: name === 'main-studio' ? [sceneItem(OBS_TEXT_SOURCE, 1)] : [],
    },
  }));
  const text = {
    ...baseSource,
    id: 'text_ft2_source',
    versioned_id: 'text_ft2_source_v2',
    name: OBS_TEXT_SOURCE,
    settings: {
      text: 'Newsdesk test',
      font: { face: 'DejaVu Sans', size: 48, style: 'Book', flags: 0 },
      color1: 4294967295,
      color2: 4294967295,
    },
  };
  return JSON.stringify(
    {
      name: COLLECTION,
      current_scene: 'main-studio',
      current_program_scene: 'main-studio',
      scene_order: OBS_SCENES.map((name) => ({ name })),
      sources: [...scenes, text],
      groups: [],
      quick_transitions: [],
      transitions: [],
      current_transition: 'Fade',
      transition_duration: 300,
      preview_locked: false,
      scaling_enabled: false,
      modules: {},
    },
    null,
    2,
  );
}

function nginxConf(prefix: string, rtmpPort: number, modulePath: string): string {
  return [
    `load_module ${modulePath};`,
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'logs', 'error.log')} info;`,
    'events { worker_connections 64; }',
    'rtmp {',
    '  server {',
    `    listen ${HOST}:${rtmpPort};`,
    '    chunk_size 4096;',
    `    application ${RTMP_APP} {`,
    '      live on;',
    '      record off;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------
// startup steps

async function startXvfb(
  xvfbBin: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  track: (proc: Managed) => Promise<Managed>,
): Promise<{ proc: Managed; display: string }> {
  const logFile = path.join(dir, 'xvfb.log');
  // -displayfd 3: Xvfb picks a free display number itself and writes it to fd 3.
  const proc = await track(
    await spawnLogged(
      'Xvfb',
      xvfbBin,
      ['-displayfd', '3', '-screen', '0', '1280x720x24', '-nolisten', 'tcp', '-noreset', '+extension', 'GLX'],
      logFile,
      env,
      dir,
      true,
    ),
  );
  const pipe = proc.child.stdio[3] as Readable | null | undefined;
  if (!pipe) throw new Error('Xvfb: no displayfd pipe');
  const display = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Xvfb did not report a display within ${XVFB_READY_TIMEOUT_MS} ms`));
    }, XVFB_READY_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      buf += chunk.toString('utf8');
      const m = /^(\d+)\n/.exec(buf);
      if (m?.[1] !== undefined) {
        cleanup();
        resolve(`:${m[1]}`);
      }
    };
    const onExit = (): void => {
      cleanup();
      reject(new Error(`Xvfb exited during startup (${proc.exitInfo})`));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      pipe.off('data', onData);
      proc.child.off('exit', onExit);
    };
    pipe.on('data', onData);
    proc.child.once('exit', onExit);
  });
  pipe.destroy();
  return { proc, display };
}

async function startNginx(
  nginxBin: string,
  dir: string,
  rtmpPort: number,
  env: NodeJS.ProcessEnv,
  track: (proc: Managed) => Promise<Managed>,
): Promise<Managed> {
  const modulePath = RTMP_MODULE_CANDIDATES.find((p) => existsSync(p));
  if (!modulePath) {
    throw new Error(
      `nginx RTMP module not found (looked in ${RTMP_MODULE_CANDIDATES.join(', ')}). Install the Debian package libnginx-mod-rtmp.`,
    );
  }
  const prefix = path.join(dir, 'nginx');
  await mkdir(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(conf, nginxConf(prefix, rtmpPort, modulePath));
  const proc = await track(
    await spawnLogged(
      'nginx',
      nginxBin,
      ['-p', `${prefix}/`, '-c', conf, '-e', path.join(prefix, 'logs', 'error.log')],
      path.join(dir, 'nginx.log'),
      env,
      prefix,
    ),
  );
  const deadline = Date.now() + NGINX_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`nginx exited during startup (${proc.exitInfo})`);
    if (await tcpProbe(rtmpPort)) return proc;
    await sleep(100);
  }
  throw new Error(`nginx-rtmp did not listen on ${HOST}:${rtmpPort} within ${NGINX_READY_TIMEOUT_MS} ms`);
}

async function writeObsConfig(configHome: string, wsPort: number, password: string, rtmpPort: number): Promise<void> {
  const obsDir = path.join(configHome, 'obs-studio');
  const profileDir = path.join(obsDir, 'basic', 'profiles', PROFILE);
  const scenesDir = path.join(obsDir, 'basic', 'scenes');
  await mkdir(profileDir, { recursive: true });
  await mkdir(scenesDir, { recursive: true });
  await writeFile(path.join(obsDir, 'global.ini'), globalIni(wsPort, password));
  await writeFile(path.join(profileDir, 'basic.ini'), profileIni());
  await writeFile(path.join(profileDir, 'service.json'), serviceJson(rtmpPort));
  await writeFile(path.join(profileDir, 'streamEncoder.json'), streamEncoderJson());
  await writeFile(path.join(scenesDir, `${COLLECTION}.json`), sceneCollectionJson());
}

/** Connect + Identify with the password; resolves undefined on success, else the error text. */
async function tryIdentify(port: number, password: string): Promise<string | undefined> {
  const obs = new OBSWebSocket();
  // Errors are surfaced through the connect() promise; swallow the emitter copies.
  obs.on('ConnectionError', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    const hello = await new Promise<Awaited<ReturnType<OBSWebSocket['connect']>>>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('identify timeout')), 5_000);
      obs.connect(`ws://${HOST}:${port}`, password, { rpcVersion: 1 }).then(resolve, reject);
    });
    return hello.negotiatedRpcVersion === 1 ? undefined : `negotiated rpcVersion ${hello.negotiatedRpcVersion}`;
  } catch (err) {
    if (err instanceof Error) {
      const code = (err as Error & { code?: unknown }).code;
      return `${err.message || err.name}${code === undefined ? '' : ` (code ${String(code)})`}`;
    }
    return String(err);
  } finally {
    clearTimeout(timer);
    await obs.disconnect().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------
// public API

export async function startObs(opts: StartObsOptions = {}): Promise<ObsHarness> {
  const obsBin = await findExecutable('obs', 'OBS_BIN');
  if (!obsBin) {
    throw new Error(
      'OBS Studio is not installed: no `obs` executable on PATH (or $OBS_BIN). ' +
        'Install the Debian package obs-studio (apt-get install obs-studio xvfb nginx libnginx-mod-rtmp).',
    );
  }
  const xvfbBin = await findExecutable('Xvfb');
  if (!xvfbBin) throw new Error('Xvfb is not installed: install the Debian package xvfb.');
  const nginxBin = await findExecutable('nginx');
  if (!nginxBin) throw new Error('nginx is not installed: install the Debian packages nginx libnginx-mod-rtmp.');

  const password = opts.password ?? randomBytes(12).toString('hex');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'obs-harness-'));
  const home = path.join(dir, 'home');
  const configHome = path.join(dir, 'config');
  const runtimeDir = path.join(dir, 'runtime');
  const cacheHome = path.join(dir, 'cache');
  const dataHome = path.join(dir, 'data');
  for (const d of [home, configHome, cacheHome, dataHome]) await mkdir(d, { recursive: true });
  await mkdir(runtimeDir, { recursive: true, mode: 0o700 });

  const procs: Managed[] = [];
  let stopped = false;
  const startDeadline = Date.now() + STARTUP_BUDGET_MS;
  const keep = process.env.OBS_HARNESS_KEEP === '1';
  const reaper = startReaper(dir, keep);
  const track = async (proc: Managed): Promise<Managed> => {
    procs.push(proc);
    if (proc.child.pid !== undefined) await appendFile(path.join(dir, 'pgids'), `${proc.child.pid}\n`);
    return proc;
  };

  // Last-resort cleanup if the test runner exits without calling stop().
  const onExit = (): void => {
    for (const p of procs) {
      const pid = p.child.pid;
      if (pid !== undefined) signalGroup(pid, 'SIGKILL');
    }
    if (keep) return;
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
  };
  process.once('exit', onExit);

  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    if (reaper.pid !== undefined && reaper.exitCode === null && reaper.signalCode === null) {
      try {
        process.kill(reaper.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // reverse order: OBS first, then nginx, then the X server
    for (const p of [...procs].reverse()) await killManaged(p);
    if (!keep) await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  };

  const baseEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    XDG_CACHE_HOME: cacheHome,
    XDG_DATA_HOME: dataHome,
    XDG_RUNTIME_DIR: runtimeDir,
    TMPDIR: dir,
  };

  const logFiles = async (): Promise<Record<string, string>> => {
    const files: Record<string, string> = {};
    for (const p of procs) files[p.name] = p.logFile;
    files['nginx-error'] = path.join(dir, 'nginx', 'logs', 'error.log');
    const obsLog = await obsInternalLog(configHome);
    if (obsLog) files['obs-internal'] = obsLog;
    return files;
  };

  const readLogs = async (): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const [name, file] of Object.entries(await logFiles())) {
      out[name] = await readFile(file, 'utf8').catch(() => '');
    }
    return out;
  };

  const describeFailure = async (err: unknown): Promise<Error> => {
    const msg = err instanceof Error ? err.message : String(err);
    const exitInfo = new Map(procs.map((p) => [p.name, p.exited ? ` [${p.exitInfo}]` : '']));
    const sections: string[] = [];
    for (const [name, file] of Object.entries(await logFiles())) {
      if (!existsSync(file)) continue;
      sections.push(
        `--- ${name}${exitInfo.get(name) ?? ''} (${file}) ---\n${await tail(file, name === 'obs-internal' ? 6_000 : 3_000)}`,
      );
    }
    return new Error(`startObs failed: ${msg}\n${sections.join('\n')}`);
  };

  try {
    const [wsPort, rtmpPort] = opts.ports
      ? [opts.ports.ws, opts.ports.rtmp]
      : ((await freePorts(2)) as [number, number]);

    const xvfb = await startXvfb(xvfbBin, dir, baseEnv, track);

    await startNginx(nginxBin, dir, rtmpPort, baseEnv, track);

    await writeObsConfig(configHome, wsPort, password, rtmpPort);
    const obsEnv: NodeJS.ProcessEnv = {
      ...baseEnv,
      DISPLAY: xvfb.display,
      QT_QPA_PLATFORM: 'xcb',
      LIBGL_ALWAYS_SOFTWARE: '1',
      // keep OBS away from the host's session bus / sound server
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(runtimeDir, 'no-dbus')}`,
      PULSE_SERVER: `unix:${path.join(runtimeDir, 'no-pulse')}`,
      NO_AT_BRIDGE: '1',
    };
    const obs = await spawnLogged(
      'obs',
      obsBin,
      [
        '--multi',
        '--minimize-to-tray',
        '--disable-missing-files-check',
        '--profile',
        PROFILE,
        '--collection',
        COLLECTION,
        '--scene',
        'main-studio',
      ],
      path.join(dir, 'obs.log'),
      obsEnv,
      home,
    );
    await track(obs);

    const obsStarted = Date.now();
    let tcpUpSince: number | undefined;
    let lastIdentifyError = 'port not open yet';
    for (;;) {
      if (obs.exited) throw new Error(`OBS exited during startup (${obs.exitInfo})`);
      if (await tcpProbe(wsPort)) {
        tcpUpSince ??= Date.now();
        const identifyError = await tryIdentify(wsPort, password);
        if (identifyError === undefined) break;
        lastIdentifyError = identifyError;
      }
      const now = Date.now();
      // Port open but Identify keeps failing: something in this process (e.g. an HTTP
      // mocking layer such as MSW intercepting the ws upgrade request) is in the way.
      const identifyStuck = tcpUpSince !== undefined && now - tcpUpSince > IDENTIFY_GRACE_MS;
      if (now > startDeadline || identifyStuck) {
        throw new Error(
          `obs-websocket did not accept an identified connection on ${HOST}:${wsPort} within ${now - obsStarted} ms of OBS start ` +
            `(last Identify error: ${lastIdentifyError}). If the port is open but Identify fails, check that nothing in the ` +
            'test process (e.g. an MSW setupServer from a vitest setup file) intercepts the WebSocket upgrade request.',
        );
      }
      await sleep(200);
    }

    return { host: HOST, port: wsPort, password, rtmpPort, tempDir: dir, logs: readLogs, stop };
  } catch (err) {
    const error = await describeFailure(err);
    await stop().catch(() => undefined);
    throw error;
  }
}
