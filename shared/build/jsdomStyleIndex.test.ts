/**
 * @jest-environment node
 */
// The indexed getDeclarationForElement (jsdomStyleIndex.cjs) declares what jsdom's own does, for every element of
// a page whose rules use each kind of selector, after CSSOM changes too.
import { createRequire } from 'node:module';
import { installStyleIndex, selectorKeys } from './jsdomStyleIndex.cjs';

interface Declaration {
  length: number;
  item(index: number): string;
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
}

const jsdomOwn = installStyleIndex() as (elementImpl: unknown) => Declaration;
// The jsdom jest-environment-jsdom loads, as jsdomStyleIndex.cjs finds it.
const fromJsdom = createRequire(createRequire(require.resolve('jest-environment-jsdom')).resolve('jsdom'));
const { JSDOM } = fromJsdom('./api.js') as {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
};
const styleRules = fromJsdom('./jsdom/living/helpers/style-rules.js') as {
  getDeclarationForElement: (elementImpl: unknown) => Declaration;
};
const { implForWrapper } = fromJsdom('./jsdom/living/generated/utils.js') as {
  implForWrapper: (wrapper: unknown) => { _ownerDocument: { _styleCache: unknown } };
};

describe('selectorKeys: what an element must carry for a rule to match it', () => {
  it("reads the last compound's id, else its class, else its tag", () => {
    expect(selectorKeys('.css-1abc-MuiButton-root')).toEqual(['.css-1abc-muibutton-root']);
    expect(selectorKeys('div.A > span#Main.b:hover')).toEqual(['#main']);
    expect(selectorKeys('.a .b, ul li')).toEqual(['.b', 'li']);
    expect(selectorKeys('.MuiInputBase-root:has(> .x ~ .y)')).toEqual(['.muiinputbase-root']);
    expect(selectorKeys('a[title="x .y, #z]"]')).toEqual(['a']);
    expect(selectorKeys('.a::before')).toEqual(['.a']);
  });

  it('has none for a selector that names none plainly, so the rule is always matched', () => {
    for (const text of ['*', '.a *', '[hidden]', ':is(.a, .b)', ':not(.a)', '.a, [hidden]', '.md\\:x', 'svg|a', '']) {
      expect(selectorKeys(text)).toBeNull();
    }
  });
});

const PAGE = `<!DOCTYPE html><html><head><style>
  .box { color: red; display: block }
  .BOX { visibility: hidden }
  #main.box > span { color: blue !important }
  div .inner, p:first-child { display: none }
  span + em, em ~ b { visibility: collapse }
  .wrap:has(> .inner) { background-color: green }
  :not(.box) > i { pointer-events: none }
  [data-x="a .b, #c]"] { outline-color: red }
  input[type=checkbox]:checked { color: purple }
  * { caret-color: auto }
  .unset { color: unset }
  @media screen { .screen-only { display: inline } }
  @media print { .box { display: none } }
  svg rect { color: orange }
</style></head><body>
  <div id="main" class="box wrap"><span class="inner">a</span><em>b</em><b>c</b><i>d</i></div>
  <p class="box"><i data-x="a .b, #c]">e</i></p>
  <section class="screen-only unset" style="color: green; display: none"><input type="checkbox" checked></section>
  <svg><rect class="box"></rect></svg>
</body></html>`;

function serialised(declaration: Declaration): string[] {
  return Array.from({ length: declaration.length }, (_, i) => {
    const property = declaration.item(i);
    return `${property}: ${declaration.getPropertyValue(property)} ${declaration.getPropertyPriority(property)}`;
  }).sort();
}

function expectJsdomsAnswers(document: Document) {
  const elements = Array.from(document.querySelectorAll('*'));
  expect(elements).toHaveLength(15);
  for (const element of elements) {
    const impl = implForWrapper(element);
    impl._ownerDocument._styleCache = null;
    const own = serialised(jsdomOwn(impl));
    impl._ownerDocument._styleCache = null;
    expect([element.outerHTML, serialised(styleRules.getDeclarationForElement(impl))]).toEqual([
      element.outerHTML,
      own,
    ]);
  }
}

describe('the indexed declarations', () => {
  it("are jsdom's own for every element", () => {
    const { window } = new JSDOM(PAGE);
    expectJsdomsAnswers(window.document);
    expect(window.getComputedStyle(window.document.querySelector('#main span') as Element).color).toBe(
      'rgb(0, 0, 255)',
    );
  });

  it('follow rules added and selectors changed through CSSOM', () => {
    const { window } = new JSDOM(PAGE);
    expectJsdomsAnswers(window.document);
    const sheet = window.document.styleSheets[0] as CSSStyleSheet;
    sheet.insertRule('.inner { visibility: hidden }', sheet.cssRules.length);
    (sheet.cssRules[0] as CSSStyleRule).selectorText = 'em';
    expectJsdomsAnswers(window.document);
  });
});
