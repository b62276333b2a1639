// Test pages for the MCP end-to-end suites (served on 127.0.0.1 by helpers.servePages).

export const pages: Record<string, string> = {
  '/login': `<!doctype html><title>Login</title>
    <h1>Sign in</h1>
    <form id="f">
      <label>Username <input name="user" autocomplete="off"></label>
      <label>Password <input name="pass" type="password"></label>
      <label><input type="checkbox" name="remember"> Remember me</label>
      <label>Plan <select name="plan"><option>Free</option><option>Pro</option></select></label>
      <button type="submit">Log in</button>
    </form>
    <script>
      document.getElementById('f').addEventListener('submit', e => {
        e.preventDefault();
        const d = new FormData(e.target);
        document.body.innerHTML = '<h1>Welcome ' + d.get('user') + '</h1><p>plan ' + d.get('plan') + ', remember ' + (d.get('remember') ? 'yes' : 'no') + ', password ' + d.get('pass').length + ' chars</p>';
      });
    </script>`,

  '/frames': `<!doctype html><title>Frames</title>
    <p id="out">nothing yet</p>
    <iframe title="inner" srcdoc="<button onclick=&quot;this.textContent='Frame clicked'&quot;>Frame button</button>"></iframe>
    <div id="host"></div>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<button>Shadow button</button>';
      root.querySelector('button').onclick = () => { document.getElementById('out').textContent = 'shadow clicked'; };
    </script>`,

  '/stale': `<!doctype html><title>Stale</title>
    <div id="box"><button onclick="document.getElementById('box').innerHTML='<button>Replacement</button>'">Replace me</button></div>`,

  '/dialog': `<!doctype html><title>Dialog</title>
    <p id="answer">no answer</p>
    <button onclick="document.getElementById('answer').textContent = confirm('Delete everything?') ? 'confirmed' : 'cancelled'">Delete</button>`,

  '/alert-loop': `<!doctype html><title>Alert loop</title><button onclick="for (;;) alert('again')">Trap</button>`,

  '/tabs': `<!doctype html><title>Opener</title>
    <a href="/target" target="_blank">Open target</a>`,
  '/target': `<!doctype html><title>Target page</title><h1>Target</h1>`,

  '/upload': `<!doctype html><title>Upload</title>
    <label>Attachment <input type="file" id="file"></label>
    <p id="chosen">no file</p>
    <script>document.getElementById('file').onchange = e => { document.getElementById('chosen').textContent = 'chose ' + [...e.target.files].map(f => f.name).join(','); };</script>`,

  // An iframe from another origin (localhost instead of 127.0.0.1), for the origin block list.
  '/cross': `<!doctype html><title>Cross</title><h1>Outer</h1>
    <script>const f = document.createElement('iframe'); f.src = 'http://localhost:' + location.port + '/target'; document.body.append(f);</script>`,

  '/widgets': `<!doctype html><title>Widgets</title>
    <label>Search <input id="q" onkeydown="document.getElementById('keys').textContent = 'last key ' + event.key"></label>
    <p id="keys">no key</p>
    <label>Colors <select id="colors" multiple><option>Red</option><option>Green</option><option>Blue</option></select></label>
    <label><input type="checkbox" id="agree" checked> Agree</label>
    <button id="hov" onmouseenter="this.textContent='Hovered'">Hover me</button>
    <div id="src" draggable="true" role="button" aria-label="Drag source" ondragstart="event.dataTransfer.setData('text', 'x')">drag</div>
    <div id="dst" role="region" aria-label="Drop zone" ondragover="event.preventDefault()" ondrop="event.preventDefault(); this.setAttribute('aria-label', 'Dropped')" style="width:100px;height:50px;border:1px solid"></div>
    <div style="height:3000px"></div>
    <button onclick="this.textContent='Bottom clicked'">Bottom</button>`,

  '/download': `<!doctype html><title>Download</title><a href="/report.bin">Get report</a>`,
  '/report.bin': 'quarterly numbers',

  '/late': `<!doctype html><title>Late</title>
    <p>Loading…</p>
    <script>setTimeout(() => { document.querySelector('p').textContent = 'Ready now'; }, 600);</script>`,

  '/tall': `<!doctype html><title>Tall</title><div style="height:5000px;background:linear-gradient(red,blue)">tall</div>`,
};
