/*
 * Every rich-text field (library descriptions, help, the notification, email templates) is react-admin's own
 * RichTextInput (TipTap), held by a small form of its own so the dialogs and setting pages keep their plain
 * value/onChange state. The toolbar offers only what the server's allow-list keeps (domain/src/library/rich-text-policy.ts):
 * no colours or alignment, which the server would drop. Insert picture embeds a PNG, JPEG or GIF of at most 1M as a
 * data URL (spec: "Upload of pictures must be under 1M"; the server refuses a larger one too). Outside values are
 * sanitised before the editor shows them; the server sanitises again what it stores.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { required as requiredValidator, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Box, FormHelperText, ToggleButton } from '@mui/material';
import InsertPhoto from '@mui/icons-material/InsertPhoto';
import type { Editor, EditorOptions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Image } from '@tiptap/extension-image';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
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

/** Hands the TipTap editor to the field's owner once it exists (to insert a placeholder, to mark it invalid). */
const EditorHandle = ({ onEditor }: { onEditor: (editor: Editor | null) => void }) => {
  const editor = useTiptapEditor();
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  return null;
};

const FIELD = 'html';

const TiptapRichTextEditor = ({ label, value, onChange, error, required, id, sanitize = sanitizeHtml, onEditor }: RichTextEditorProps) => {
  const translate = useTranslate();
  const form = useForm<{ html: string }>({ defaultValues: { [FIELD]: sanitize(value) } });
  const lastEmitted = useRef<string>(value);
  const loadingOutsideValue = useRef(false);
  const [pictureRefusal, setPictureRefusal] = useState<string | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);

  // Load outside values (opening the dialog on another item); the editor's own edits are already in it.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    loadingOutsideValue.current = true;
    form.setValue(FIELD, sanitize(value));
    loadingOutsideValue.current = false;
  }, [value, sanitize, form]);

  useEffect(
    () =>
      form.subscribe({
        name: FIELD,
        formState: { values: true },
        callback: ({ values }) => {
          if (loadingOutsideValue.current) return;
          const html = values[FIELD] ?? '';
          const stored = isBlankHtml(html) ? '' : html;
          lastEmitted.current = stored;
          onChange(stored);
        },
      }),
    [form, onChange],
  );

  // The server's field message shows under the editor, and assistive technology hears that the field is invalid.
  useEffect(() => {
    if (error) form.setError(FIELD, { type: 'server', message: error });
    else form.clearErrors(FIELD);
    editor?.view.dom.setAttribute('aria-invalid', error ? 'true' : 'false');
  }, [error, form, editor]);

  const handleEditor = useMemo(
    () => (ready: Editor | null) => {
      setEditor(ready);
      onEditor?.(ready);
    },
    [onEditor],
  );

  const editorOptions = useMemo<Partial<EditorOptions>>(
    () => ({
      // StarterKit holds paragraphs, headings, bold, italic, underline, strike, code, lists, quotes and links.
      extensions: [StarterKit, Image.configure({ inline: true, allowBase64: true })],
      editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': `${id}-label` } },
    }),
    [id],
  );
  const validate = useMemo(() => (required ? requiredValidator() : undefined), [required]);

  return (
    <FormProvider {...form}>
      <RichTextInput
        id={id}
        source={FIELD}
        label={label}
        validate={validate}
        editorOptions={editorOptions}
        toolbar={
          <Box role="toolbar" aria-label={translate('cans.library.editor.toolbar', { label })}>
            <RichTextInputToolbar size="small">
              <FormatButtons size="small" />
              <ListButtons size="small" />
              <LinkButtons size="small" />
              <QuoteButtons size="small" />
              <ClearButtons size="small" />
              <PictureButton id={id} onRefused={setPictureRefusal} />
              <EditorHandle onEditor={handleEditor} />
            </RichTextInputToolbar>
          </Box>
        }
        sx={{
          '& .ProseMirror': { minHeight: 96, maxHeight: 240, overflowY: 'auto', typography: 'body2' },
          '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
        }}
      />
      {pictureRefusal ? (
        <FormHelperText error role="alert">
          {pictureRefusal}
        </FormHelperText>
      ) : null}
    </FormProvider>
  );
};

// The default export is what React.lazy loads (RichTextEditor.tsx).
export default TiptapRichTextEditor;
