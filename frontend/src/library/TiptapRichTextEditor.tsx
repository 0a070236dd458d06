/*
 * Every rich-text field (library descriptions, help, the notification, email templates): TipTap with react-admin's
 * ra-input-rich-text toolbar and buttons (its TiptapEditorProvider), as its RichTextInput is built, but with the value
 * kept in sync here (see below) so the dialogs and setting pages keep their plain value/onChange state. The toolbar offers only what the server's allow-list keeps (domain/src/library/rich-text-policy.ts):
 * no colours or alignment, which the server would drop. Insert picture embeds a PNG, JPEG or GIF of at most 1M as a
 * data URL (spec: "Upload of pictures must be under 1M"; the server refuses a larger one too). Outside values are
 * sanitised before the editor shows them; the server sanitises again what it stores.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Box, FormHelperText, ToggleButton, Typography } from '@mui/material';
import InsertPhoto from '@mui/icons-material/InsertPhoto';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Image } from '@tiptap/extension-image';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInputToolbar,
  TiptapEditorProvider,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { RICH_TEXT_PICTURE_MAX_BYTES, RICH_TEXT_PICTURE_TYPES } from '@cans/domain/library/rich-text-policy';
import { sanitizeHtml } from '../shared/sanitize-html';
import type { RichTextEditorProps } from './RichTextEditor';

/** Whether the HTML shows no text and no picture (an empty editor still holds tags such as <p></p>). */
const isBlankHtml = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  return (div.textContent ?? '').trim() === '' && !div.querySelector('img');
};

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(file);
  });

/** Insert picture: a file chooser, the type and 1M checks, then the picture at the caret. */
const PictureButton = ({ id, onRefused }: { id: string; onRefused: (message: string | null) => void }) => {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const fileInput = useRef<HTMLInputElement>(null);
  const label = translate('cans.library.editor.picture');

  const insert = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file || !editor) return;
    if (!RICH_TEXT_PICTURE_TYPES.includes(file.type)) return onRefused(translate('cans.library.editor.picture_type'));
    if (file.size > RICH_TEXT_PICTURE_MAX_BYTES) return onRefused(translate('cans.library.editor.picture_too_large'));
    onRefused(null);
    const src = await readAsDataUrl(file);
    const alt = file.name.replace(/\.[^.]*$/, '').replace(/[_-]+/g, ' ');
    editor.chain().focus().setImage({ src, alt }).run();
  };

  return (
    <>
      <ToggleButton
        value="picture"
        size="small"
        aria-label={label}
        title={label}
        disabled={!editor || !editor.isEditable}
        onClick={() => fileInput.current?.click()}
      >
        <InsertPhoto fontSize="inherit" />
      </ToggleButton>
      <input
        ref={fileInput}
        type="file"
        accept={RICH_TEXT_PICTURE_TYPES.join(',')}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${id}-picture-file`}
        onChange={(e) => void insert(e)}
      />
    </>
  );
};

/** The editor's own extensions: StarterKit (paragraphs, headings, bold, italic, underline, strike, code, lists, quotes, links) and pictures as data URLs. */
const EXTENSIONS = [StarterKit, Image.configure({ inline: true, allowBase64: true })];

const TiptapRichTextEditor = ({ label, value, onChange, error, required, id, sanitize = sanitizeHtml, onEditor }: RichTextEditorProps) => {
  const translate = useTranslate();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [pictureRefusal, setPictureRefusal] = useState<string | null>(null);
  // What the editor last reported: a value coming back from the owner is the editor's own, not a new one to load.
  const lastEmitted = useRef<string>(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor(
    {
      extensions: EXTENSIONS,
      content: sanitize(value),
      editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
      onUpdate: ({ editor: updated }) => {
        const html = updated.isEmpty ? '' : updated.getHTML();
        const stored = isBlankHtml(html) ? '' : html;
        lastEmitted.current = stored;
        onChangeRef.current(stored);
      },
    },
    [id],
  );

  // Only an outside value (the dialog opened on another item) replaces the content. react-admin's RichTextInput
  // sets the content again after every keystroke's render; on a loaded machine that ran after the next keystroke
  // or a Bold click and lost them, so the sync is ours.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(sanitize(value), { emitUpdate: false });
  }, [editor, value, sanitize]);

  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  // Assistive technology hears that the field is invalid, and why.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const area = editor.view.dom;
    area.setAttribute('aria-invalid', error ? 'true' : 'false');
    if (error) area.setAttribute('aria-describedby', errorId);
    else area.removeAttribute('aria-describedby');
  }, [editor, error, errorId]);

  return (
    <Box>
      <Typography id={labelId} variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <TiptapEditorProvider value={editor}>
        <Box
          role="toolbar"
          aria-label={translate('cans.library.editor.toolbar', { label })}
          // A button pressed with the mouse leaves the caret in the text (TipTap gives the focus back only on the
          // next frame: what was typed in between went to the button, its spaces pressing it).
          onMouseDown={(event) => {
            if ((event.target as HTMLElement).closest('button')) event.preventDefault();
          }}
          sx={{ mb: 0.5 }}
        >
          <RichTextInputToolbar size="small">
            <FormatButtons size="small" />
            <ListButtons size="small" />
            <LinkButtons size="small" />
            <QuoteButtons size="small" />
            <ClearButtons size="small" />
            <PictureButton id={id} onRefused={setPictureRefusal} />
          </RichTextInputToolbar>
        </Box>
        <Box
          component={EditorContent}
          editor={editor}
          sx={{
            '& .ProseMirror': {
              minHeight: 96,
              maxHeight: 240,
              overflowY: 'auto',
              typography: 'body2',
              px: 1.5,
              py: 1,
              border: 1,
              borderColor: error ? 'error.main' : 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              outline: 'none',
              '&:focus': {
                borderColor: error ? 'error.main' : 'primary.main',
                boxShadow: (t) => `0 0 0 1px ${error ? t.palette.error.main : t.palette.primary.main}`,
              },
              '& p': { my: 0.5 },
              '& ul, & ol': { my: 0.5, pl: 3 },
              '& img': { maxWidth: '100%', height: 'auto' },
            },
          }}
        />
      </TiptapEditorProvider>
      {pictureRefusal ? (
        <FormHelperText error role="alert">
          {pictureRefusal}
        </FormHelperText>
      ) : null}
      {error ? (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
};

// The default export is what React.lazy loads (RichTextEditor.tsx).
export default TiptapRichTextEditor;
