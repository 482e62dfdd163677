// Test-only stand-in for isomorphic-ws (aliased in vitest.config.ts): obs-websocket-js takes the WebSocket
// class when it loads. Under jsdom that must be the global one, which MSW's node server intercepts; in the
// node environment (real-OBS tests) Node 20 has no global WebSocket, so the `ws` package is used as before.
import { createRequire } from 'node:module';

type WebSocketClass = typeof globalThis.WebSocket;
const require = createRequire(import.meta.url);
const Impl: WebSocketClass =
  typeof globalThis.WebSocket === 'function' ? globalThis.WebSocket : (require('ws') as WebSocketClass);

export default Impl;
