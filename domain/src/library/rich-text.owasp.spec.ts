/*
 * The server's rich-text sanitiser against the OWASP XSS Filter Evasion Cheat Sheet (issue 28 item 17) and against
 * generated tag soup: each output is markup the policy allows (policyBreaches), and sanitising it again changes
 * nothing (no mutation on a second pass).
 */
import fc from 'fast-check';
import { sanitizeRichText } from './rich-text';
import { OWASP_VECTORS, policyBreaches } from './rich-text-xss-cases';

describe('the rich-text sanitiser against the OWASP XSS filter-evasion cases', () => {
  it.each(OWASP_VECTORS.map((vector) => [vector]))('%s', (vector) => {
    const output = sanitizeRichText(vector);
    expect(policyBreaches(output)).toEqual([]);
    expect(output).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(sanitizeRichText(output)).toBe(output);
  });

  it('keeps what is allowed in those cases: a safe link, its text, a PNG picture', () => {
    expect(sanitizeRichText('<a href="https://example.org/" onclick="alert(1)" style="x" target="_blank">ok</a>')).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer">ok</a>',
    );
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)" alt="x">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x" />',
    );
    expect(sanitizeRichText('<a onmouseover="alert(document.cookie)">xxs link</a>')).toBe('<a>xxs link</a>');
  });

  it('the checker itself finds a breach in markup the policy does not allow', () => {
    expect(policyBreaches('<p onclick="x">a</p>')).toEqual(['attribute onclick on <p>']);
    expect(policyBreaches('<script>')).toEqual(['tag <script>']);
    expect(policyBreaches('<a href="javascript:alert(1)">x</a>')).toEqual(['link to javascript:alert(1)']);
    expect(policyBreaches('<img src="https://x.example/a.png" />')).toEqual(['picture from https://x.example/a.png']);
    expect(policyBreaches('a <b')).toEqual(['a "<" that starts no tag at 2']);
  });

  it('any soup of tags, attributes, quotes and entities comes out as allowed markup, stable on a second pass', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '\t',
      '&#x6A;',
      '&quot;',
      '&lt;',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      'script',
      'img',
      'a',
      'p',
      'svg',
      'style',
      'math',
      'noscript',
      'textarea',
      'onerror',
      'href',
      'src',
      'javascript:',
      'data:image/png;base64,AAAA',
      'https://example.org/',
      'alert(1)',
      'text',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const output = sanitizeRichText(parts.join(''));
        expect(policyBreaches(output)).toEqual([]);
        expect(sanitizeRichText(output)).toBe(output);
      }),
      { numRuns: 500 },
    );
  });
});
