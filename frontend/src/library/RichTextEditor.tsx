/*
 * The rich-text field of every page that has one. The editor (react-admin's RichTextInput on TipTap and ProseMirror)
 * is loaded when a page first shows the field, so the pages that never edit rich text do not download it.
 */
import { lazy, Suspense } from 'react';
import type { Editor } from '@tiptap/react';
import { Skeleton } from '@mui/material';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  id: string;
  /** How an outside value is cleaned before it is shown (default sanitizeHtml; email templates keep placeholder links). */
  sanitize?: (html: string) => string;
  /** Receives the editor once it is ready (and null when it goes). */
  onEditor?: (editor: Editor | null) => void;
}

const TiptapRichTextEditor = lazy(() => import('./TiptapRichTextEditor'));

export const RichTextEditor = (props: RichTextEditorProps) => (
  <Suspense fallback={<Skeleton variant="rounded" height={160} aria-label={props.label} />}>
    <TiptapRichTextEditor {...props} />
  </Suspense>
);
