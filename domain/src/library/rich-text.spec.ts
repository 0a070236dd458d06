import {
  PICTURE_TOO_LARGE,
  RICH_TEXT_PICTURE_MAX_BYTES,
  richTextLength,
  richTextPictureRefusal,
  sanitizedRichTextOrEmpty,
  sanitizeRichText,
} from './rich-text';

describe('sanitizeRichText (library descriptions)', () => {
  it('keeps basic formatting and text', () => {
    const html = '<p>One <strong>two</strong> <em>three</em> <u>four</u></p><ul><li>a</li><li>b</li></ul><h3>T</h3><p>x<br />y</p>';
    expect(sanitizeRichText(html)).toBe(html);
    // Entities are read as the characters they stand for; only & < > are written back as entities.
    expect(sanitizeRichText('Plain &amp; simple &nbsp; &#8217; text')).toBe('Plain &amp; simple \u00a0 \u2019 text');
    expect(sanitizeRichText('<P CLASS="x" Style="color:red">Up</P>')).toBe('<p>Up</p>');
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT type="text/javascript">alert(1)</SCRIPT >ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<iframe src="https://evil.example"></iframe>after', 'after'],
    ['<svg onload=alert(1)><circle/></svg>after', 'after'],
    ['<style>body{display:none}</style>x', 'x'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JAVASCRIPT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    [
      '<a href="https://example.org/a?b=1&c=2" onclick="x">link</a>',
      '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer">link</a>',
    ],
    ['<a href="mailto:help@example.org">mail</a>', '<a href="mailto:help@example.org" rel="noopener noreferrer">mail</a>'],
    ['<!-- <script>alert(1)</script> -->x', 'x'],
    ['<![CDATA[<script>alert(1)</script>]]>x', 'x'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<p title="unterminated>x', ''],
    ['a < b > c & d', 'a &lt; b &gt; c &amp; d'],
    ['<b><i>unclosed', '<b><i>unclosed</i></b>'],
    // A stray </p> is an empty paragraph to an HTML parser (as to a browser).
    ['</p>stray</b>', '<p></p>stray'],
    ['<b>one<i>two</b>three', '<b>one<i>two</i></b>three'],
    ['<form action="x"><input value="y"><button>b</button></form>', 'b'],
    ['<textarea><script>alert(1)</script></textarea>x', 'x'],
  ])('sanitises %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('never lets a tag through that it did not write itself', () => {
    const attacks = [
      '<img/src=x/onerror=alert(1)>',
      '<details open ontoggle=alert(1)>',
      '<body onload=alert(1)>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<<script>script>alert(1)<</script>/script>',
    ];
    for (const attack of attacks) {
      const output = sanitizeRichText(attack);
      expect(output).not.toMatch(/<(?!\/?(p|br|strong|b|em|i|u|s|strike|sub|sup|ul|ol|li|blockquote|h[1-6]|span|div|a|pre|code|hr)[ >])/i);
      expect(output).not.toMatch(/on\w+=/i);
    }
  });

  it('returns an empty string for non-text input', () => {
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText(42)).toBe('');
  });
});

describe('pictures in rich text (issue 28 item 16: under 1M)', () => {
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  /** A base64 payload that decodes to exactly `bytes` bytes. */
  const ofBytes = (bytes: number) =>
    'A'.repeat(Math.ceil(bytes / 3) * 4 - (bytes % 3 === 0 ? 0 : 3 - (bytes % 3))).padEnd(Math.ceil(bytes / 3) * 4, '=');

  it('keeps a PNG, JPEG or GIF data URL with its alt text, and nothing else on the img', () => {
    expect(sanitizeRichText(`<p>See <IMG SRC="${png}" alt="A chart" onerror="alert(1)" style="x" width=9></p>`)).toBe(
      `<p>See <img src="${png}" alt="A chart" /></p>`,
    );
    expect(sanitizeRichText(`<img src="data:image/jpeg;base64,/9j/4AAQ">`)).toBe('<img src="data:image/jpeg;base64,/9j/4AAQ" alt="" />');
    expect(sanitizeRichText(`<img src="data:image/gif;base64,R0lGODlh">`)).toBe('<img src="data:image/gif;base64,R0lGODlh" alt="" />');
    expect(sanitizeRichText(`<img src="${png}" alt='"><script>alert(1)</script>'>`)).toBe(
      `<img src="${png}" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />`,
    );
  });

  it.each([
    ['<img src="https://tracker.example/p.png">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', ''],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    ['<img src="data:image/png,<svg onload=alert(1)>">', ''],
    ['<img src="data:image/png;base64,AAAA&quot; onerror=alert(1)">', ''],
    ['<img src="data:image/png;base64,AAA">', ''],
    ['<img src="//evil.example/x.png">', ''],
    ['<img>', ''],
  ])('drops a picture that is not a base64 PNG, JPEG or GIF: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('refuses a picture over 1M (1,048,576 bytes decoded), keeps one of exactly 1M, and measures text without pictures', () => {
    const atLimit = `<img src="data:image/png;base64,${ofBytes(RICH_TEXT_PICTURE_MAX_BYTES)}">`;
    const over = `<p>x</p><img src="data:image/gif;base64,${ofBytes(RICH_TEXT_PICTURE_MAX_BYTES + 1)}">`;
    expect(richTextPictureRefusal(atLimit)).toBeNull();
    expect(sanitizeRichText(atLimit)).toContain('<img src="data:image/png;base64,');
    expect(richTextPictureRefusal(over)).toBe('Please do not upload files larger than 1M in size.');
    expect(PICTURE_TOO_LARGE).toBe('Please do not upload files larger than 1M in size.');
    expect(sanitizeRichText(over)).toBe('<p>x</p>');
    expect(richTextPictureRefusal('<p>no pictures</p>')).toBeNull();
    expect(richTextLength(atLimit)).toBe('<img src="">'.length);
  });

  it('counts a picture alone as content', () => {
    expect(sanitizedRichTextOrEmpty(`<p><img src="${png}" alt=""></p>`)).toBe(`<p><img src="${png}" alt="" /></p>`);
    expect(sanitizedRichTextOrEmpty('<p><img src="https://x.example/a.png"></p>')).toBe('');
  });
});
