/** The embedded provider's own pages: sign-in and the first-sign-in password change. */

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
:root{color-scheme:light dark;--bg:#f0f2f5;--card:#fff;--text:rgba(0,0,0,.88);--muted:rgba(0,0,0,.55);--border:#d9d9d9;--primary:#0958d9;--error:#cf1322;--error-bg:#fff2f0}
html[data-theme=dark]{--bg:#141414;--card:#1f1f1f;--text:rgba(255,255,255,.85);--muted:rgba(255,255,255,.55);--border:#424242;--error-bg:#2c1618}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:14px/1.5715 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:360px;background:var(--card);border-radius:8px;padding:32px;box-shadow:0 6px 16px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}p.sub{margin:0 0 24px;color:var(--muted)}
label{display:block;margin:0 0 6px;font-weight:500}input{width:100%;height:36px;padding:4px 11px;margin:0 0 16px;border:1px solid var(--border);border-radius:6px;background:transparent;color:var(--text);font-size:14px}
input:focus{outline:2px solid var(--primary);outline-offset:-1px;border-color:var(--primary)}
button{width:100%;height:38px;border:0;border-radius:6px;background:var(--primary);color:#fff;font-size:15px;cursor:pointer}button:focus-visible{outline:2px solid var(--text);outline-offset:2px}
.error{background:var(--error-bg);border:1px solid var(--error);border-radius:6px;padding:8px 12px;margin:0 0 16px}
.hint{color:var(--muted);font-size:12px;margin:-10px 0 16px}`;

function layout(title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Platform Console</title><style nonce="${nonce}">${STYLE}</style>
<script nonce="${nonce}">try{if(localStorage.getItem("isDarkMode")==="true")document.documentElement.dataset.theme="dark"}catch(e){}</script>
</head><body><main>${body}</main></body></html>`;
}

function errorBox(error?: string): string {
  return error ? `<div class="error" role="alert">${escape(error)}</div>` : "";
}

export function loginPage(opts: { uid: string; nonce: string; username?: string; error?: string }): string {
  return layout(
    "Sign in",
    `<h1>Platform Console</h1><p class="sub">Sign in to your account</p>${errorBox(opts.error)}
<form method="post" action="/interaction/${escape(opts.uid)}/login" autocomplete="on">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required maxlength="255" value="${escape(opts.username ?? "")}" ${opts.username ? "" : "autofocus"}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256" ${opts.username ? "autofocus" : ""}>
<button type="submit">Sign in</button></form>`,
    opts.nonce,
  );
}

export function changePasswordPage(opts: { uid: string; nonce: string; error?: string }): string {
  return layout(
    "Set a new password",
    `<h1>Set a new password</h1><p class="sub">Your password was set by an administrator. Choose your own to continue.</p>${errorBox(opts.error)}
<form method="post" action="/interaction/${escape(opts.uid)}/password">
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required maxlength="256" autofocus>
<p class="hint">At least 12 characters, mixing three of: lower case, upper case, digits, symbols.</p>
<label for="confirm">Confirm new password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="256">
<button type="submit">Change password</button></form>`,
    opts.nonce,
  );
}

export function messagePage(opts: { title: string; message: string; nonce: string; link?: string }): string {
  return layout(
    opts.title,
    `<h1>${escape(opts.title)}</h1><p class="sub">${escape(opts.message)}</p>${
      opts.link ? `<p><a href="${escape(opts.link)}">Back to the console</a></p>` : ""
    }`,
    opts.nonce,
  );
}

/** Sign-out needs no question here: the console asked already. The form posts itself. */
export function logoutPage(form: string, nonce: string): string {
  return layout(
    "Signing out",
    `<h1>Signing out…</h1>${form}<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script nonce="${nonce}">var f=document.getElementById("op.logoutForm");var i=document.createElement("input");i.type="hidden";i.name="logout";i.value="yes";f.appendChild(i);f.submit();</script>`,
    nonce,
  );
}

export function cspFor(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'`;
}
