import { createHash } from 'node:crypto';

// The HTML shell shared by the check and lint reports: one self-contained file, no network asset.
// All report text goes through `html` below, which escapes every interpolated value.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

type Part = SafeHtml | string | number | undefined | null | false | ReadonlyArray<Part>;
const renderPart = (part: Part): string =>
  part instanceof SafeHtml
    ? part.value
    : Array.isArray(part)
      ? part.map(renderPart).join('')
      : part === undefined || part === null || part === false
        ? ''
        : escapeHtml(String(part));

/** A template tag: literal markup stays, every interpolation is escaped unless it is SafeHtml. */
export const html = (strings: TemplateStringsArray, ...parts: Part[]): SafeHtml =>
  new SafeHtml(
    strings.reduce((out, literal, i) => out + literal + (i < parts.length ? renderPart(parts[i] as Part) : ''), ''),
  );

const STYLE = `
:root{--pass:#1a7f37;--fail:#cf222e;--skip:#6e7781;--error:#8250df;--warn:#9a6700;--info:#0969da;font-family:system-ui,sans-serif;color:#1f2328}
body{margin:1.5rem auto;max-width:72rem;padding:0 1rem}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #d0d7de;padding:.25rem .6rem;text-align:left}td.n{text-align:right}
.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.5rem;background:#f6f8fa;border:1px solid #d0d7de}
ul.items{list-style:none;padding:0;margin:0}li.item{border-bottom:1px solid #eaeef2;padding:.35rem 0}
.badge{display:inline-block;min-width:4.2rem;text-align:center;border-radius:.8rem;padding:0 .5rem;color:#fff;font-size:.8rem}
.s-pass{background:var(--pass)}.s-fail,.sev-error{background:var(--fail)}.s-skip{background:var(--skip)}.s-error{background:var(--error)}
.sev-warning{background:var(--warn)}.sev-info,.sev-hint{background:var(--info)}.b-known{background:#7d4e00}.b-fixed{background:var(--pass)}.b-ignored{background:var(--skip)}.count{background:#57606a;color:#fff;min-width:0}.also,.hint{display:block;color:#57606a;font-size:.8rem;margin-left:4.7rem}
code,pre{font-family:ui-monospace,monospace;font-size:.85rem}pre{background:#f6f8fa;padding:.5rem;overflow:auto;white-space:pre-wrap;word-break:break-all}
.id{font-weight:600}.msg{color:#57606a}.curl{display:flex;gap:.5rem;align-items:flex-start}.curl pre{flex:1;margin:0}
.banner{padding:.6rem .8rem;border-radius:.4rem;margin:.5rem 0;color:#fff;font-size:1.05rem}.v-pass{background:var(--pass)}.v-fail{background:var(--fail)}
.banner .reason{opacity:.95}.check{margin:.4rem 0 .8rem;border-left:3px solid #d0d7de;padding-left:.6rem}.check-head{padding:.2rem 0}.count{font-weight:600}
a.guide{font-size:.8rem;color:var(--info)}details#others>summary,details#by-area>summary{cursor:pointer;font-weight:600;margin:.8rem 0}
pre.source{margin:.3rem 0 0;padding:.3rem .5rem}pre.source .ln{color:#6e7781;user-select:none}pre.source mark{background:#fff8c5}
[hidden]{display:none!important}
`;

// Generic filters: checkbox groups and selects marked data-filter="<key>" act on the data-<key> of
// results and findings; other items (coverage lines, records left) are never hidden nor counted.
const SCRIPT = `
(function(){
  var items=[].slice.call(document.querySelectorAll('.item.result,.item.finding'));
  var controls=[].slice.call(document.querySelectorAll('[data-filter]'));
  function apply(){
    var keys={};
    controls.forEach(function(c){var k=c.getAttribute('data-filter');
      if(c.tagName==='SELECT'){keys[k]=keys[k]||{select:true,values:[]};if(c.value)keys[k].values.push(c.value);}
      else{keys[k]=keys[k]||{select:false,values:[]};if(c.checked)keys[k].values.push(c.value);}});
    var shown=0,total=0;
    items.forEach(function(item){
      var n=+(item.getAttribute('data-count')||1);total+=n;
      var visible=Object.keys(keys).every(function(k){var f=keys[k];var v=item.getAttribute('data-'+k);
        return f.select?(f.values.length===0||f.values.indexOf(v)!==-1):f.values.indexOf(v)!==-1;});
      item.hidden=!visible;if(visible)shown+=n;});
    [].slice.call(document.querySelectorAll('.group')).forEach(function(g){g.hidden=!g.querySelector('.item:not([hidden])');});
    var counter=document.getElementById('shown');if(counter)counter.textContent=shown+' of '+total+' shown';
  }
  controls.forEach(function(c){c.addEventListener('change',apply);});
  document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button.copy');if(!b)return;
    var text=b.parentNode.querySelector('pre').textContent;
    function done(){b.textContent='Copied';setTimeout(function(){b.textContent='Copy';},1500);}
    if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(text).then(done,function(){});}
    else{var r=document.createRange();r.selectNodeContents(b.parentNode.querySelector('pre'));var s=getSelection();s.removeAllRanges();s.addRange(r);document.execCommand('copy');done();}});
  apply();
})();
`;

// The CSP allows only this page's own script (by hash) and inline styles: injected markup could neither run nor fetch.
const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src data:; base-uri 'none'; form-action 'none'`;

export const page = (title: string, body: SafeHtml): string => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body.value}
<script>${SCRIPT}</script>
</body>
</html>
`;

/** A checkbox group filter over items' `data-<key>`, every value checked at first. */
export const checkboxFilter = (
  key: string,
  label: string,
  values: readonly string[],
  labelOf: (value: string) => string = (value) => value,
): SafeHtml => html`
<fieldset class="filter" id="filter-${key}"><legend>${label}</legend>${values.map(
  (value) => html`
<label><input type="checkbox" data-filter="${key}" value="${value}" checked> ${labelOf(value)}</label>`,
)}
</fieldset>`;

/** A select filter over items' `data-<key>`; the empty option shows all. */
export const selectFilter = (key: string, label: string, values: readonly string[]): SafeHtml => html`
<label>${label} <select data-filter="${key}" id="filter-${key}"><option value="">all</option>${values.map((value) => html`<option value="${value}">${value}</option>`)}</select></label>`;
