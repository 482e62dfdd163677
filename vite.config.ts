import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cspPolicy, inlineScriptHashes, SECURITY_HEADERS } from './scripts/build/csp';
import { DASHBOARD_SCREENS } from './src/lib/screens';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The modules each route of src/app/router.tsx loads lazily before its screen shows (besides src/app/render.tsx, which
 * every route but / needs: main.tsx renders the landing page through app/landing-shell.tsx, without the router). Keep
 * in step with the router: a module that is not in the build fails the build.
 */
const ROUTE_MODULES: Record<string, string[]> = (() => {
  const feature = (name: string) => `features/${name}/index.ts`;
  const dashboard = (screen: string) => ['app/dashboard-layout.tsx', feature(screen)];
  return {
    '/': ['app/landing-shell.tsx', feature('landing')],
    '/fixtures': [feature('fixtures')],
    ...Object.fromEntries(DASHBOARD_SCREENS.map(({ path, id }) => [path, dashboard(id)])),
    '/dashboard/admin/settings': dashboard('admin'),
  };
})();

/**
 * Route-aware module preloading. The screen's code is reached through two dynamic imports (main.tsx → app/render →
 * the route's lazy chunks), so the browser would only ask for it once render.js has downloaded and run. A tiny inline
 * script in index.html adds modulepreload links for exactly the chunks of the opened path, so they download while
 * the shell loads. Preloading fetches and parses but runs nothing: main.tsx still imports the app after the mock
 * network. Vite preloads only the entry's static imports and no bundler plugin knows the routes, hence by hand.
 */
function routePreload() {
  let base = '/';
  // What the build decided, for routeDocuments below: the inline script as written into index.html, and each route's files.
  const built = { script: '', routes: new Map<string, string[]>() };
  const plugin: Plugin = {
    name: 'newsdesk-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const chunkOf = (module: string) => {
          const id = `${src}/${module}`;
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`route preload: no chunk holds src/${module}`);
          return chunk;
        };
        const closure = (chunk: Rolldown.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) {
            const dep = byFile.get(file);
            if (dep) closure(dep, into);
          }
          return into;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('route preload: no entry chunk');
        const have = closure(entry); // Vite's own modulepreload links and the entry script
        const shell = [...closure(chunkOf('app/render.tsx'))].filter((f) => !have.has(f));
        const files: string[] = [];
        const index = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        shell.forEach(index);
        // Each route's list is complete (the shell's chunks included, but for /); any other path gets the shell.
        const routes = Object.fromEntries(
          Object.entries(ROUTE_MODULES).map(([route, modules]) => {
            const needed = new Set<string>(route === '/' ? [] : shell);
            for (const module of modules) closure(chunkOf(module), needed);
            return [route, [...needed].filter((f) => !have.has(f)).map(index)];
          }),
        );
        const script =
          `(function(f,s,r){var p=location.pathname.replace(/\\/+$/,'')||'/',l=r[p]||s;` +
          `for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=${JSON.stringify(base)}+f[l[i]];document.head.appendChild(e)}})` +
          `(${JSON.stringify(files)},${JSON.stringify(shell.map(index))},${JSON.stringify(routes)});`;
        built.script = script;
        built.routes = new Map(
          Object.entries(routes).map(([route, list]) => [route, list.map((i) => `${base}${files[i]}`)]),
        );
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
  return { plugin, built };
}
const routePreloads = routePreload();

/**
 * One document per route (dist/dashboard/posts.html, …): index.html with the route's modulepreload links written
 * out as tags instead of the inline script that adds them. Measured on /dashboard (41 links, Chromium, 1× CPU): the
 * script's appendChild calls took 26–67 ms in the page's first task, the same links as tags 2–17 ms of parsing, so a
 * deep link no longer starts with a ~100–270 ms long task at Lighthouse's 4×. Hosts answer /dashboard/posts with
 * dashboard/posts.html (vite preview, the Newsdesk server, nginx `try_files $uri $uri.html /index.html`, Netlify's and
 * Vercel's clean URLs); every other address, and the service worker's navigations, get index.html with its script.
 * Runs after the CSP plugin: the copies carry its policy, whose hashes (the theme script's among them) cover their one
 * remaining inline script.
 */
function routeDocuments(): Plugin {
  return {
    name: 'newsdesk-route-documents',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('route documents: no index.html in the build');
      const tag = `<script>${routePreloads.built.script}</script>`;
      if (!routePreloads.built.script || !index.source.includes(tag))
        throw new Error('route documents: index.html has no route preload script');
      for (const [route, files] of routePreloads.built.routes) {
        if (route === '/') continue;
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('\n    ');
        this.emitFile({ type: 'asset', fileName: `${route.slice(1)}.html`, source: index.source.replace(tag, links) });
      }
    },
  };
}

/**
 * One chunk for the dashboard's shell. Rolldown splits the modules every dashboard screen loads (app/render, the
 * layout, the query client, the API client, the sidebar's icons) into ~35 small chunks by which lazy chunks also use
 * them; each file costs its own gzip header and import lines (41 KB gzip in 35 files, 32 KB as one). Only modules
 * that nothing outside the shell reaches are merged: the landing page, its idle extras and the mock network (which
 * must run before any app code) never load this chunk, and every dashboard screen loads all of it anyway.
 */
function dashboardShellChunk() {
  const shell = new Set<string>();
  const roots = ['app/render.tsx', 'app/dashboard-layout.tsx'].map((module) => `${src}/${module}`);
  const plugin: Plugin = {
    name: 'newsdesk-dashboard-shell-chunk',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const reach = (starts: string[], { dynamic, stop }: { dynamic: boolean; stop: Set<string> }) => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.pop();
          if (id === undefined || seen.has(id) || stop.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          queue.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      // Everything the page can load without entering the shell: the landing page, its extras, the mock network.
      const outside = reach([`${src}/main.tsx`], { dynamic: true, stop: new Set(roots) });
      for (const id of reach(roots, { dynamic: false, stop: new Set() })) if (!outside.has(id)) shell.add(id);
      if (!roots.every((root) => shell.has(root)))
        throw new Error('dashboard shell chunk: the shell is reached from outside it');
    },
  };
  return { plugin, test: (id: string) => shell.has(id) };
}
const shellChunk = dashboardShellChunk();

/**
 * The Content-Security-Policy of the build (scripts/build/csp.ts): a <meta> tag at the top of index.html whose script-src
 * lists the sha256 of each inline script as built (the theme script, the route preload), and dist/csp.json with the
 * same policy as a header (plus frame-ancestors, which a meta tag cannot carry) for a server to send.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'newsdesk-csp',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('csp: no index.html in the build');
      const hashes = inlineScriptHashes(index.source);
      const meta = `<meta http-equiv="Content-Security-Policy" content="${cspPolicy(hashes)}" />`;
      // Before every script: a meta policy governs only what the parser meets after it.
      const html = index.source.replace(/(<meta charset="UTF-8" \/>)/i, `$1\n    ${meta}`);
      if (html === index.source) throw new Error('csp: index.html has no <meta charset> to put the policy after');
      index.source = html;
      const headers = { 'Content-Security-Policy': cspPolicy(hashes, { header: true }), ...SECURITY_HEADERS };
      this.emitFile({
        type: 'asset',
        fileName: 'csp.json',
        source: `${JSON.stringify({ meta: cspPolicy(hashes), scriptHashes: hashes, headers }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads.plugin,
    shellChunk.plugin,
    contentSecurityPolicy(),
    routeDocuments(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      // globPatterns below already take the manifest icons from public/; listing them again would precache them twice.
      includeManifestIcons: false,
      manifest: {
        name: 'Newsdesk – AI News Console',
        short_name: 'Newsdesk',
        description: 'Operator console for automated AI news: workflow, posts, media, video studio and live broadcast.',
        lang: 'de',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Live Broadcast', url: '/dashboard/live', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Workflow', url: '/dashboard/workflow', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Posts', url: '/dashboard/posts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      workbox: {
        // Everything built plus public/'s favicon and icons (no includeAssets: it listed them a second time).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // config.json decides mock vs live and must follow the network; the mock chunk is cached at run time only.
        // The per-route documents too: the worker answers every navigation with index.html (navigateFallback).
        globIgnores: [
          '**/config.json',
          '**/mock-network-*.js',
          'dashboard.html',
          'dashboard/**/*.html',
          'fixtures.html',
        ],
        navigateFallback: '/index.html',
        // public/sw-routes.js: the hashed build files come from the precache without the fetch handler (static routes).
        importScripts: ['/sw-routes.js'],
        // Take control on first install so the shell works offline after one visit; updates still wait for the prompt.
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\//, /^\/news\//, /^\/feed\.xml$/, /^\/newsdesk-ca\.crt$/],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/config.json',
            handler: 'NetworkFirst',
            // ignoreVary: the server varies on Origin, and the page's warm-up fetch sends none.
            options: { cacheName: 'newsdesk-config', networkTimeoutSeconds: 3, matchOptions: { ignoreVary: true } },
          },
          {
            urlPattern: ({ url }) => /\/assets\/mock-network-[^/]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'newsdesk-mocks', expiration: { maxEntries: 8 }, matchOptions: { ignoreVary: true } },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build' ? [{ find: /^tldts$/, replacement: `${src}/mocks/tldts-stub.ts` }] : []),
    ],
  },
  build: {
    target: 'es2022',
    // Every browser we support knows modulepreload; the polyfill would cost the first render ~1 KB.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Not its dependencies: those the landing page shares (react, react-dom, cn) stay in their own chunks.
        codeSplitting: {
          groups: [
            { name: 'shell', test: shellChunk.test, includeDependenciesRecursively: false },
            // The icons that more than one chunk uses, and lucide's own helpers, in one file instead of ~36 files of ~300 bytes
            // each: every module script costs the main thread its fetch, compile and instantiation (/dashboard loaded 71).
            {
              name: 'icons',
              test: /\/node_modules\/lucide-react\/dist\/esm\//,
              minShareCount: 3,
              includeDependenciesRecursively: false,
            },
            // Radix's Slot stays with the Button that every screen loads: the lazy tooltip uses it too, which would split
            // it into a chunk of its own on every screen's first load.
            {
              name: 'button',
              test: /\/src\/components\/ui\/button\.tsx$|\/node_modules\/@radix-ui\/react-(slot|compose-refs)\//,
              includeDependenciesRecursively: false,
            },
            // The entity files, a chunk each (lib/api/client.ts evaluates them in order), named so that none passes for a
            // screen's chunk (entities/admin.ts is not the Admin screen); the helpers ride with the first: no 145-byte chunk.
            {
              name: 'entities-content',
              test: /\/src\/contract\/entities\/(common|content)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'entities-production',
              test: /\/src\/contract\/entities\/production\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'entities-admin',
              test: /\/src\/contract\/entities\/admin\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
        // react-dom shares its chunk with whichever small module both shells import first; name it after react-dom.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('mock-network')
            ? 'assets/mock-network-[hash].js'
            : chunk.moduleIds.some((id) => /node_modules\/react-dom\/cjs\/react-dom-client\./.test(id))
              ? 'assets/react-dom-[hash].js'
              : 'assets/[name]-[hash].js',
      },
    },
  },
  preview: { port: 4173, strictPort: true },
}));
