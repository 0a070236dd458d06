/*
 * A small rich-text editor for library descriptions: a contentEditable area with Bold, Italic, Underline and
 * list buttons, storing HTML. The server sanitises what it stores; sanitizeHtml() cleans again before any HTML
 * is put into the page. Insert picture embeds a PNG, JPEG or GIF of at most 1M as a data URL (spec: "Upload of
 * pictures must be under 1M"; the server refuses a larger one too).
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Box, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertPhoto from '@mui/icons-material/InsertPhoto';
import { sanitizeHtml } from '../shared/sanitize-html';

/** Whether the HTML shows no text and no picture (an empty editor still holds tags such as <br>). */
export const isBlankHtml = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  return (div.textContent ?? '').trim() === '' && !div.querySelector('img');
};

/** The spec's picture limit (1M), as the server counts it (RICH_TEXT_PICTURE_MAX_BYTES). */
export const PICTURE_MAX_BYTES = 1_048_576;
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(file);
  });

const TOOLS = [
  { command: 'bold', label: 'bold', icon: <FormatBold fontSize="small" /> },
  { command: 'italic', label: 'italic', icon: <FormatItalic fontSize="small" /> },
  { command: 'underline', label: 'underline', icon: <FormatUnderlined fontSize="small" /> },
  { command: 'insertUnorderedList', label: 'bulleted_list', icon: <FormatListBulleted fontSize="small" /> },
  { command: 'insertOrderedList', label: 'numbered_list', icon: <FormatListNumbered fontSize="small" /> },
] as const;

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  id: string;
  /** How an outside value is cleaned before it is shown (default sanitizeHtml; email templates keep placeholder links). */
  sanitize?: (html: string) => string;
}

export const RichTextEditor = ({ label, value, onChange, error, required, id, sanitize = sanitizeHtml }: RichTextEditorProps) => {
  const translate = useTranslate();
  const area = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<string | null>(null);

  // Load outside values (opening the dialog on another item); our own edits are already in the DOM.
  useEffect(() => {
    if (!area.current || value === lastEmitted.current) return;
    area.current.innerHTML = sanitize(value);
    lastEmitted.current = value;
  }, [value, sanitize]);

  const emit = () => {
    const html = area.current?.innerHTML ?? '';
    const stored = isBlankHtml(html) ? '' : html;
    lastEmitted.current = stored;
    onChange(stored);
  };

  const pictureInput = useRef<HTMLInputElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);

  /** Remembers where the caret is, so the picture goes there once the file is chosen. */
  const choosePicture = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    savedRange.current = range && area.current?.contains(range.commonAncestorContainer) ? range : null;
    pictureInput.current?.click();
  };

  const insertPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file || !area.current) return;
    if (!PICTURE_TYPES.includes(file.type)) return setPictureError(translate('cans.library.editor.picture_type'));
    if (file.size > PICTURE_MAX_BYTES) return setPictureError(translate('cans.library.editor.picture_too_large'));
    setPictureError(null);
    const src = await readAsDataUrl(file);
    const alt = file.name.replace(/\.[^.]*$/, '').replace(/[_-]+/g, ' ');
    const html = `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">`;
    area.current.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    const inside = selection && selection.rangeCount > 0 && area.current.contains(selection.getRangeAt(0).commonAncestorContainer);
    if (!inside || !document.execCommand('insertHTML', false, html)) area.current.insertAdjacentHTML('beforeend', html);
    emit();
  };

  const run = (command: string) => {
    area.current?.focus();
    // execCommand is deprecated but still the dependency-free way to format a contentEditable selection.
    document.execCommand(command);
    emit();
  };

  const labelId = `${id}-label`;
  return (
    <Box>
      <Typography id={labelId} variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': {
            borderColor: error ? 'error.main' : 'primary.main',
            boxShadow: (t) => `0 0 0 1px ${error ? t.palette.error.main : t.palette.primary.main}`,
          },
        }}
      >
        <Stack
          direction="row"
          spacing={0.25}
          role="toolbar"
          aria-label={translate('cans.library.editor.toolbar', { label })}
          sx={{ px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
        >
          {TOOLS.map((tool) => (
            <Tooltip key={tool.command} title={translate(`cans.library.editor.${tool.label}`)}>
              <IconButton
                size="small"
                aria-label={translate(`cans.library.editor.${tool.label}`)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(tool.command)}
              >
                {tool.icon}
              </IconButton>
            </Tooltip>
          ))}
          <Tooltip title={translate('cans.library.editor.picture')}>
            <IconButton
              size="small"
              aria-label={translate('cans.library.editor.picture')}
              onMouseDown={(e) => e.preventDefault()}
              onClick={choosePicture}
            >
              <InsertPhoto fontSize="small" />
            </IconButton>
          </Tooltip>
          <input
            ref={pictureInput}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            hidden
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`${id}-picture-file`}
            onChange={(e) => void insertPicture(e)}
          />
        </Stack>
        <Box
          ref={area}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? 'true' : 'false'}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          sx={{
            minHeight: 96,
            maxHeight: 240,
            overflowY: 'auto',
            px: 1.5,
            py: 1,
            outline: 'none',
            typography: 'body2',
            '& p': { my: 0.5 },
            '& ul, & ol': { my: 0.5, pl: 3 },
            '& img': { maxWidth: '100%', height: 'auto' },
          }}
        />
      </Box>
      {pictureError ? (
        <FormHelperText error role="alert">
          {pictureError}
        </FormHelperText>
      ) : null}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
};
