// @ts-check
// jsdom's getComputedStyle, the same answers at a fraction of the CPU. jsdom matches every style rule of the
// page against the element (and, for inherited properties, against each ancestor) with nwsapi, about 12 µs a
// rule; MUI's emotion rules and jsdom's default sheet make 500 of them, and Testing Library's role queries ask
// for the style of every node they name. It was 14 of the 36 CPU-s of mfe-applications' TemplateEditor tests.
// Here a rule is matched only when the element carries the class, id or tag its selector's last compound
// requires (the key selector, as browsers index rules); a selector whose key is not plain is always matched.
// Everything else is jsdom's own getDeclarationForElement (lib/jsdom/living/helpers/style-rules.js): its cache,
// the rules in sheet order, @media rules only for "screen", the inline style last.
const { createRequire } = require('node:module');

const IDENT = /^[A-Za-z0-9_\u0080-\uffff-]+/;
const COMBINATOR = new Set([' ', '\t', '\n', '\r', '\f', '>', '+', '~']);

/**
 * Calls `visit(char, index)` for each character outside strings, brackets and parentheses.
 * @param {string} text @param {(char: string, index: number) => void} visit
 */
function forEachTopLevel(text, visit) {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) visit(c, i);
  }
}

/**
 * What an element must carry for a complex selector to match it: '#id', '.class' or a tag name, lower case;
 * null when its last compound names none of them plainly (then the rule is always matched).
 * @param {string} selector
 */
function keyOf(selector) {
  const text = selector.trim();
  let start = 0;
  forEachTopLevel(text, (c, i) => {
    if (COMBINATOR.has(c)) start = i + 1;
  });
  const compound = text.slice(start);
  // Escapes, namespaces and comments: not worth reading here.
  if (compound === '' || /[\\|/]/.test(compound)) return null;
  /** @type {string | null} */
  let id = null;
  /** @type {string | null} */
  let className = null;
  forEachTopLevel(compound, (c, i) => {
    if (c !== '#' && c !== '.') return;
    const name = IDENT.exec(compound.slice(i + 1));
    if (!name) return;
    if (c === '#') id ??= `#${name[0].toLowerCase()}`;
    else className ??= `.${name[0].toLowerCase()}`;
  });
  const tag = IDENT.exec(compound);
  return id ?? className ?? (tag ? tag[0].toLowerCase() : null);
}

/**
 * The keys of a selector list, one per selector: a rule may match an element carrying any of them; null when
 * one selector has no key.
 * @param {string} selectorText
 * @returns {string[] | null}
 */
function selectorKeys(selectorText) {
  const parts = [];
  let start = 0;
  forEachTopLevel(selectorText, (c, i) => {
    if (c !== ',') return;
    parts.push(selectorText.slice(start, i));
    start = i + 1;
  });
  parts.push(selectorText.slice(start));
  const keys = [];
  for (const part of parts) {
    const key = keyOf(part);
    if (key === null) return null;
    keys.push(key);
  }
  return keys;
}

/** @type {((elementImpl: unknown) => unknown) | undefined} */
let jsdomOwn;

/**
 * Replaces jsdom's getDeclarationForElement (the one jest-environment-jsdom loads) with the indexed one, once, and
 * returns jsdom's own (the tests compare the two). Call it before jsdom is loaded: its Window keeps the function
 * it found then.
 */
function installStyleIndex() {
  if (jsdomOwn) return jsdomOwn;
  // The jsdom jest-environment-jsdom loads, and the CSS parsers that jsdom loads.
  const fromJsdom = createRequire(createRequire(require.resolve('jest-environment-jsdom')).resolve('jsdom'));
  const styleRules = fromJsdom('./jsdom/living/helpers/style-rules.js');
  const { matchesDontThrow } = fromJsdom('./jsdom/living/helpers/selectors.js');
  const defaultStyleSheet = fromJsdom('./jsdom/browser/default-stylesheet.js');
  const cssom = fromJsdom('rrweb-cssom');
  const { CSSStyleDeclaration } = fromJsdom('cssstyle');
  const { forEach, indexOf } = Array.prototype;
  jsdomOwn = styleRules.getDeclarationForElement;

  /** The keys of each rule, with the selector they were read from (CSSOM may set another). */
  /** @type {WeakMap<object, { text: unknown, keys: string[] | null }>} */
  const keysOfRule = new WeakMap();
  const ruleKeys = (/** @type {{ selectorText?: unknown }} */ rule) => {
    const text = rule.selectorText;
    const known = keysOfRule.get(rule);
    if (known && known.text === text) return known.keys;
    const keys = typeof text === 'string' ? selectorKeys(text) : null;
    keysOfRule.set(rule, { text, keys });
    return keys;
  };

  /** @type {unknown} */
  let parsedDefaultStyleSheet;
  /** @param {any} elementImpl @param {(rule: any) => void} handleRule */
  function forEachMatchingSheetRuleOfElement(elementImpl, handleRule) {
    const carried = new Set([String(elementImpl.localName).toLowerCase()]);
    const id = elementImpl.getAttributeNS(null, 'id');
    if (id) carried.add(`#${id.toLowerCase()}`);
    for (const name of (elementImpl.getAttributeNS(null, 'class') ?? '').split(/[ \t\n\f\r]+/)) {
      if (name) carried.add(`.${name.toLowerCase()}`);
    }
    const handle = (/** @type {any} */ rule) => {
      const keys = ruleKeys(rule);
      if ((keys === null || keys.some((key) => carried.has(key))) && matchesDontThrow(elementImpl, rule.selectorText)) {
        handleRule(rule);
      }
    };
    const handleSheet = (/** @type {any} */ sheet) => {
      forEach.call(sheet.cssRules, (/** @type {any} */ rule) => {
        if (rule.media) {
          if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, handle);
        } else handle(rule);
      });
    };
    parsedDefaultStyleSheet ??= cssom.parse(defaultStyleSheet);
    handleSheet(parsedDefaultStyleSheet);
    forEach.call(elementImpl._ownerDocument.styleSheets._list, handleSheet);
  }

  /** @param {any} elementImpl */
  styleRules.getDeclarationForElement = (elementImpl) => {
    let styleCache = elementImpl._ownerDocument._styleCache;
    if (!styleCache) {
      styleCache = elementImpl._ownerDocument._styleCache = new WeakMap();
    }
    const cachedDeclaration = styleCache.get(elementImpl);
    if (cachedDeclaration) return cachedDeclaration;
    const declaration = new CSSStyleDeclaration();
    const handleProperty = (/** @type {any} */ style, /** @type {string} */ property) => {
      const value = style.getPropertyValue(property);
      // https://drafts.csswg.org/css-cascade-4/#valdef-all-unset
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    };
    forEachMatchingSheetRuleOfElement(elementImpl, (rule) => {
      forEach.call(rule.style, (/** @type {string} */ property) => handleProperty(rule.style, property));
    });
    forEach.call(elementImpl.style, (/** @type {string} */ property) => handleProperty(elementImpl.style, property));
    styleCache.set(elementImpl, declaration);
    return declaration;
  };
  return jsdomOwn;
}

module.exports = { installStyleIndex, selectorKeys };
