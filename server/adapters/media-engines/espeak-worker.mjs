// eSpeak-NG (GPL-3.0, WebAssembly) as its own program: `node espeak-worker.mjs <voice>` reads UTF-8 text on stdin
// and writes a WAV to stdout. The server runs it as a child process and never imports espeak-ng itself.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import ESpeakNg from 'espeak-ng';

// eSpeak-NG seeds its random voice variation from the clock: a clock that stands still makes the same text and voice
// the same WAV, so a repeated request (the same Idempotency-Key) gets the same audio back.
Date.now = () => 0;

const voice = process.argv[2] ?? 'de';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const text = Buffer.concat(chunks);

const errors = [];
// The text goes in as a file of the in-memory file system, so no character of it is read as an option.
const espeak = await ESpeakNg({
  arguments: ['-b', '1', '-v', voice, '-w', '/speech.wav', '-f', '/speech.txt'],
  preRun: [(module) => module.FS.writeFile('/speech.txt', text)],
  print: () => {},
  printErr: (line) => errors.push(line),
});

let wav;
try {
  wav = espeak.FS.readFile('/speech.wav');
} catch {
  wav = undefined;
}
// Emscripten reports a failed main only through the exit code it sets.
if (!wav || wav.length <= 44 || (process.exitCode ?? 0) !== 0) {
  const reason = errors.find((line) => !line.startsWith('program exited')) ?? 'keine Audiodaten erzeugt';
  process.stderr.write(`${reason.replace(/^Error:\s*/, '')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(wav);
}
