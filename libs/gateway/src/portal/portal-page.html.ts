import { PORTAL_DEFAULT_COLOR, type PortalSettingsView } from '@membolt/contracts';

/** What the page shows of the account: its chosen name, logo and colour. */
export interface PortalTheme {
  readonly name: string | null;
  readonly logoUrl: string | null;
  readonly color: string;
}

export const DEFAULT_PORTAL_THEME: PortalTheme = { name: null, logoUrl: null, color: PORTAL_DEFAULT_COLOR };

export function themeOf(settings: PortalSettingsView): PortalTheme {
  return { name: settings.displayName, logoUrl: settings.logoUrl, color: settings.color };
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The Content-Security-Policy of a portal answer: nothing but this answer's own nonce'd style and script, calls
 * to this origin, the logo's origin for images, and framing by this origin plus the account's allowed origins.
 */
export function portalContentSecurityPolicy(
  nonce: string,
  theme: PortalTheme,
  frameOrigins: readonly string[],
): string {
  const logoOrigin = theme.logoUrl ? new URL(theme.logoUrl).origin : null;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `img-src 'self' data:${logoOrigin ? ` ${logoOrigin}` : ''}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self'${frameOrigins.map((origin) => ` ${origin}`).join('')}`,
  ].join('; ');
}

function head(nonce: string, theme: PortalTheme, title: string): string {
  // The colour was checked to be #rrggbb when it was saved, so it can be written into the style sheet.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
:root { --accent: ${theme.color}; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f6f8fa; }
header { display: flex; align-items: center; gap: 12px; padding: 16px 24px; background: var(--accent); color: #fff; }
header img { height: 36px; max-width: 160px; object-fit: contain; background: #fff; border-radius: 4px; padding: 2px; }
header h1 { font-size: 20px; margin: 0; font-weight: 600; }
main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; }
.intro { color: #57606a; margin: 0 0 16px; }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 16px; }
button, a.button { font: inherit; cursor: pointer; border-radius: 6px; padding: 6px 14px; border: 1px solid var(--accent); background: #fff; color: var(--accent); text-decoration: none; display: inline-block; }
button.primary, a.button.primary { background: var(--accent); color: #fff; }
button.danger { border-color: #cf222e; color: #cf222e; }
button.danger.primary { background: #cf222e; color: #fff; }
ul.memories { list-style: none; padding: 0; margin: 0; }
ul.memories li { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px 16px; margin: 0 0 10px; }
.text { margin: 0 0 6px; white-space: pre-wrap; word-break: break-word; }
.meta { color: #57606a; font-size: 13px; margin: 0 0 8px; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
textarea { width: 100%; font: inherit; min-height: 70px; padding: 6px; margin: 0 0 8px; }
.status { border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; background: #dafbe1; border: 1px solid #4ac26b; }
.status.error { background: #ffebe9; border-color: #ff8182; }
.status ul { margin: 4px 0 0; padding-left: 20px; }
.empty { color: #57606a; }
.confirm { font-weight: 600; }
.error-page { text-align: center; padding-top: 64px; }
</style>
</head>`;
}

function banner(theme: PortalTheme): string {
  const logo = theme.logoUrl ? `<img src="${escapeHtml(theme.logoUrl)}" alt="">` : '';
  const name = theme.name ? escapeHtml(theme.name) : 'This app';
  return `<header>${logo}<h1>What ${name} remembers about you</h1></header>`;
}

/** The portal: a shell whose script loads the memories from this link's JSON routes and acts on them. */
export function portalPage(nonce: string, theme: PortalTheme, expiresAt: Date): string {
  const name = theme.name ? escapeHtml(theme.name) : 'this app';
  return `${head(nonce, theme, 'What this app remembers about you')}
<body>
${banner(theme)}
<main>
<p class="intro">These are the things ${name} has remembered about you, where each came from and when. You can correct
any of them, ask for one or all of them to be forgotten, and download everything as JSON. This page works until
<time datetime="${expiresAt.toISOString()}">${escapeHtml(expiresAt.toUTCString())}</time>.</p>
<div id="status" role="status" aria-live="polite"></div>
<div class="toolbar">
<a class="button primary" id="download" href="" download>Download my data (JSON)</a>
<button type="button" class="danger" id="forget-all">Forget everything</button>
</div>
<p id="count" class="meta"></p>
<ul class="memories" id="memories" aria-label="Memories"></ul>
</main>
<script nonce="${nonce}">${PORTAL_SCRIPT}</script>
</body>
</html>`;
}

/** A link that opens nothing: why, and what to do. */
export function portalErrorPage(nonce: string, theme: PortalTheme, title: string, message: string): string {
  return `${head(nonce, theme, title)}
<body>
${banner(theme)}
<main class="error-page">
<h2>${escapeHtml(title)}</h2>
<p>${escapeHtml(message)}</p>
</main>
</body>
</html>`;
}

/*
 * The page's script (no framework: the page must run under a nonce-only CSP and load nothing else). It reads
 * and acts through this link's JSON routes (the link's path plus /memories, /export), and writes every text
 * through textContent, so nothing from a memory is ever parsed as HTML.
 */
const PORTAL_SCRIPT = `
(function () {
  var base = location.pathname.replace(/\\/+$/, '');
  var list = document.getElementById('memories');
  var status = document.getElementById('status');
  var count = document.getElementById('count');
  document.getElementById('download').setAttribute('href', base + '/export');

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function when(iso) { return new Date(iso).toLocaleString(); }
  function showError(message) {
    status.className = 'status error';
    status.textContent = message;
  }
  function showReceipt(title, receipt) {
    status.className = 'status';
    status.textContent = '';
    status.appendChild(el('strong', {}, title));
    status.appendChild(el('div', { 'data-receipt-at': receipt.deleted_at }, 'Deletion receipt, ' + when(receipt.deleted_at) + ':'));
    var items = el('ul', { 'aria-label': 'Removed' });
    Object.keys(receipt.removed).forEach(function (kind) {
      if (receipt.removed[kind] > 0) items.appendChild(el('li', {}, kind.replace(/_/g, ' ') + ': ' + receipt.removed[kind]));
    });
    if (!items.firstChild) items.appendChild(el('li', {}, 'nothing was held'));
    status.appendChild(items);
  }
  function call(method, path, body) {
    var init = { method: method, headers: { accept: 'application/json' } };
    if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch(base + path, init).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw new Error(json && json.message ? json.message : 'Something went wrong.');
        return json;
      });
    });
  }

  function render(memories) {
    list.textContent = '';
    count.textContent = memories.length === 1 ? '1 memory' : memories.length + ' memories';
    if (memories.length === 0) list.appendChild(el('li', { class: 'empty' }, 'Nothing is remembered about you.'));
    memories.forEach(function (memory) { list.appendChild(item(memory)); });
  }

  function item(memory) {
    var li = el('li', { 'data-memory-id': memory.id });
    li.appendChild(el('p', { class: 'text' }, memory.text));
    var meta = 'From: ' + memory.source_description + ' · remembered ' + when(memory.created_at);
    if (memory.version > 1) meta += ' · corrected ' + when(memory.updated_at);
    li.appendChild(el('p', { class: 'meta' }, meta));
    var actions = el('div', { class: 'actions' });
    var correct = el('button', { type: 'button' }, 'Correct');
    var forget = el('button', { type: 'button', class: 'danger' }, 'Forget');
    actions.appendChild(correct);
    actions.appendChild(forget);
    li.appendChild(actions);

    correct.addEventListener('click', function () {
      var editor = el('textarea', { 'aria-label': 'Corrected text' });
      editor.value = memory.text;
      var save = el('button', { type: 'button', class: 'primary' }, 'Save');
      var cancel = el('button', { type: 'button' }, 'Cancel');
      actions.textContent = '';
      li.insertBefore(editor, actions);
      actions.appendChild(save);
      actions.appendChild(cancel);
      cancel.addEventListener('click', load);
      save.addEventListener('click', function () {
        save.disabled = true;
        call('PUT', '/memories/' + encodeURIComponent(memory.id), { text: editor.value }).then(function () {
          status.className = 'status';
          status.textContent = 'Corrected.';
          load();
        }, function (error) { save.disabled = false; showError(error.message); });
      });
    });

    forget.addEventListener('click', function () {
      actions.textContent = '';
      actions.appendChild(el('span', { class: 'confirm' }, 'Forget this memory?'));
      var yes = el('button', { type: 'button', class: 'danger primary' }, 'Yes, forget it');
      var no = el('button', { type: 'button' }, 'Cancel');
      actions.appendChild(yes);
      actions.appendChild(no);
      no.addEventListener('click', load);
      yes.addEventListener('click', function () {
        yes.disabled = true;
        call('DELETE', '/memories/' + encodeURIComponent(memory.id)).then(function (receipt) {
          showReceipt('Forgotten.', receipt);
          load();
        }, function (error) { yes.disabled = false; showError(error.message); });
      });
    });
    return li;
  }

  var forgetAll = document.getElementById('forget-all');
  forgetAll.addEventListener('click', function () {
    var toolbar = forgetAll.parentNode;
    if (document.getElementById('forget-all-confirm')) return;
    var box = el('span', { id: 'forget-all-confirm', class: 'actions' });
    box.appendChild(el('span', { class: 'confirm' }, 'Forget everything remembered about you, with your conversations and files?'));
    var yes = el('button', { type: 'button', class: 'danger primary' }, 'Yes, forget everything');
    var no = el('button', { type: 'button' }, 'Cancel');
    box.appendChild(yes);
    box.appendChild(no);
    toolbar.appendChild(box);
    no.addEventListener('click', function () { box.remove(); });
    yes.addEventListener('click', function () {
      yes.disabled = true;
      call('DELETE', '/memories').then(function (receipt) {
        box.remove();
        showReceipt('Everything was forgotten.', receipt);
        load();
      }, function (error) { yes.disabled = false; showError(error.message); });
    });
  });

  function load() {
    return call('GET', '/memories').then(function (page) { render(page.memories); }, function (error) {
      list.textContent = '';
      showError(error.message);
    });
  }
  load();
})();
`;
