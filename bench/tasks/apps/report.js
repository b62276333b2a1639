// The page's own record of what the user achieved, kept in window.__taskState and posted to the
// bench server, which judges each task by it (never by what a tool answered).
export function report(patch) {
  const state = Object.assign((window.__taskState ??= {}), patch);
  fetch('/__state', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: location.pathname, state }),
    keepalive: true,
  }).catch(() => {});
}
