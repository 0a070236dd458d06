import { useCallback, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { RichTextEditor } from '../../library/RichTextEditor';
import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/useApi';
import { SettingForm } from '../settings/SettingForm';
import { DEFAULT_TEMPLATE, EMAIL_TEMPLATES_PATH, EmailTemplate, EmailTemplatePreview, EmailTemplateSummary } from './email-template-types';
import { EmailTemplatePreviewDialog } from './EmailTemplatePreviewDialog';
import { PlaceholderList } from './PlaceholderList';
import { sanitizeTemplateHtml } from './template-html';

const BODY_ID = 'email-template-body';

/**
 * Spec 002 §2 "Email Templates" (privilege Setting): a template selector (IncompleteAssessment first), the subject,
 * the rich-text body with the template's placeholders, Preview, Save and Cancel (back to /library).
 */
export const EmailTemplatesPage = () => {
  const translate = useTranslate();
  const [name, setName] = useState(DEFAULT_TEMPLATE);
  const list = useApiQuery<EmailTemplateSummary[]>(EMAIL_TEMPLATES_PATH);
  const templatePath = `${EMAIL_TEMPLATES_PATH}/${encodeURIComponent(name)}`;
  const template = useApiQuery<EmailTemplate>(templatePath);
  const loaded = template.data?.name === name ? template.data : null;
  return (
    <EmailTemplateForm
      // The form starts from the template as read: it mounts again for another template or after a save.
      key={loaded ? `${name}:${loaded.revision ?? 'built-in'}` : 'loading'}
      title={translate('cans.administration.email_templates.title')}
      templates={list.data ?? []}
      name={name}
      onNameChange={setName}
      loaded={loaded}
      path={templatePath}
    />
  );
};

const EmailTemplateForm = ({
  title,
  templates,
  name,
  onNameChange,
  loaded,
  path,
}: {
  title: string;
  templates: EmailTemplateSummary[];
  name: string;
  onNameChange: (name: string) => void;
  loaded: EmailTemplate | null;
  path: string;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.administration.email_templates.${key}`);
  const notify = useNotify();
  const refresh = useRefreshApi();
  const [subject, setSubject] = useState(loaded?.subject ?? '');
  const [body, setBody] = useState(loaded?.body ?? '');
  const [shown, setShown] = useState<EmailTemplatePreview | null>(null);
  const subjectInput = useRef<HTMLInputElement>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const bodyEditor = useRef<Editor | null>(null);
  const bodyFocused = useRef(false);
  const keepBodyEditor = useCallback((editor: Editor | null) => {
    bodyEditor.current = editor;
  }, []);

  const save = useApiMutation((send, value: { subject: string; body: string }) => send<{ message: string }>('PUT', path, value), {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void refresh(path, EMAIL_TEMPLATES_PATH);
    },
  });
  const preview = useApiMutation(
    (send, value: { subject: string; body: string }) => send<EmailTemplatePreview>('POST', `${path}/preview`, value),
    { onSuccess: setShown },
  );
  // The field messages of whichever was asked last (both check the same rules).
  const failed = save.error ?? preview.error;
  const fieldError = (field: string) => failed?.fieldErrors[field];
  const otherFailure = failed && Object.keys(failed.fieldErrors).length === 0 ? failed.message : null;

  const insert = (token: string) => {
    const input = subjectInput.current;
    if (input && (document.activeElement === input || lastField.current === 'subject')) {
      const start = input.selectionStart ?? subject.length;
      const end = input.selectionEnd ?? start;
      setSubject(subject.slice(0, start) + token + subject.slice(end));
      requestAnimationFrame(() => {
        input.focus();
        input.setSelectionRange(start + token.length, start + token.length);
      });
      return;
    }
    // The editor keeps its caret while a placeholder button has the focus; the token goes there (at the end before
    // the body was ever focused), and the editor's update records the new body.
    bodyEditor.current
      ?.chain()
      .focus(bodyFocused.current ? null : 'end')
      .insertContent(token)
      .run();
  };

  const values = { subject, body };
  return (
    <SettingForm
      title={title}
      loading={loaded === null}
      saving={save.isPending}
      failure={otherFailure}
      onSubmit={() => {
        preview.reset();
        save.mutate(values);
      }}
    >
      <Stack spacing={2}>
        <TextField
          id="email-template-name"
          select
          label={text('template')}
          value={templates.some((t) => t.name === name) ? name : ''}
          onChange={(event) => onNameChange(event.target.value)}
          helperText={text(loaded?.customised ? 'customised' : 'built_in')}
          fullWidth
        >
          {templates.map((template) => (
            <MenuItem key={template.name} value={template.name}>
              {template.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="email-template-subject"
          label={text('subject')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          onFocus={() => (lastField.current = 'subject')}
          inputRef={subjectInput}
          error={!!fieldError('subject')}
          helperText={fieldError('subject')}
          required
          fullWidth
        />
        <Box
          onFocus={() => {
            lastField.current = 'body';
            bodyFocused.current = true;
          }}
        >
          <RichTextEditor
            id={BODY_ID}
            label={text('body')}
            value={body}
            onChange={setBody}
            error={fieldError('body')}
            required
            sanitize={sanitizeTemplateHtml}
            onEditor={keepBodyEditor}
          />
        </Box>
        {loaded && <PlaceholderList placeholders={loaded.placeholders} onInsert={insert} />}
        <Typography variant="body2" color="text.secondary">
          {text('hint')}
        </Typography>
        <Box>
          <Button
            variant="outlined"
            startIcon={<VisibilityOutlined />}
            disabled={preview.isPending}
            onClick={() => {
              save.reset();
              preview.mutate(values);
            }}
          >
            {text('preview')}
          </Button>
        </Box>
      </Stack>
      {shown && <EmailTemplatePreviewDialog preview={shown} onClose={() => setShown(null)} />}
    </SettingForm>
  );
};
