/*
 * Short Markdown written by developers and analysts (descriptions served by the API), rendered as React elements
 * by react-markdown: emphasis, code, links and lists only. Raw HTML in the text is dropped, never rendered, and
 * react-markdown keeps only safe link targets (no javascript: URLs).
 */
import ReactMarkdown, { type Components } from 'react-markdown';
import { Box, Link } from '@mui/material';

const ALLOWED = ['p', 'em', 'strong', 'code', 'a', 'ul', 'ol', 'li', 'br'];

const components = (inline: boolean): Components => ({
  // Inline: a description continues the sentence it sits in, so paragraphs are not blocks.
  p: ({ children }) =>
    inline ? (
      <span>{children} </span>
    ) : (
      <Box component="p" sx={{ my: 0.5 }}>
        {children}
      </Box>
    ),
  code: ({ children }) => (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.95em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' }}>
      {children}
    </Box>
  ),
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ),
});

const INLINE = components(true);
const BLOCK = components(false);

export const Markdown = ({ text, inline = false }: { text: string; inline?: boolean }) => (
  <ReactMarkdown skipHtml allowedElements={ALLOWED} unwrapDisallowed components={inline ? INLINE : BLOCK}>
    {text}
  </ReactMarkdown>
);
