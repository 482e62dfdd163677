// Posts only {provider, state, status} to the app on our own origin; the code never leaves this page (or the server).
// A file of its own (not inline) so that the page runs under a CSP without 'unsafe-inline'.
(function () {
  var q = new URLSearchParams(location.search);
  var provider = q.get('provider') || '';
  var state = q.get('state') || '';
  // The live server's callback says the outcome itself (status=…, the code stayed on the server); a demo has a code.
  var given = q.get('status');
  var status = given
    ? given === 'success'
      ? 'success'
      : 'error'
    : q.get('code') && !q.get('error')
      ? 'success'
      : 'error';
  // Drop the code from the address bar and history at once.
  history.replaceState(null, '', location.pathname);
  try {
    var channel = new BroadcastChannel('newsdesk-oauth');
    channel.postMessage({ provider: provider, state: state, status: status });
    channel.close();
  } catch {
    // No BroadcastChannel in this browser: nothing to post to; the page still says so and closes.
  }
  document.getElementById('msg').textContent =
    status === 'success'
      ? 'Verbunden. Dieses Fenster schließt sich.'
      : 'Anmeldung fehlgeschlagen. Dieses Fenster schließt sich.';
  setTimeout(function () {
    window.close();
  }, 300);
})();
