/*
 * The projection's code editor (CodeMirror 6): JavaScript, with completion for the analyst's view of the events — the
 * event types inside quotes, and the fields after `event.` — from GET /api/analytics-workbench. Tab moves the focus
 * on (Escape then Tab, as everywhere in CodeMirror, is not needed): an editor must not trap the keyboard.
 */
import { useMemo } from 'react';
import CodeMirror, { EditorView, ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { autocompletion, Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { AnalystEventTypeInfo } from './workbench-types';

export function eventViewCompletions(eventTypes: AnalystEventTypeInfo[]) {
  const typeOptions: Completion[] = eventTypes.map((eventType) => ({
    label: eventType.type,
    type: 'constant',
    info: eventType.description,
  }));
  const fields = new Map<string, Completion>();
  for (const eventType of eventTypes)
    for (const field of eventType.fields)
      if (!fields.has(field.name))
        fields.set(field.name, { label: field.name, type: 'property', detail: field.type, info: field.description });
  const fieldOptions = [...fields.values()];
  return (context: CompletionContext): CompletionResult | null => {
    const member = context.matchBefore(/\bevent\.\w*$/);
    if (member) return { from: member.from + 'event.'.length, options: fieldOptions, validFor: /^\w*$/ };
    const quoted = context.matchBefore(/['"][A-Z]\w*$/);
    if (quoted) return { from: quoted.from + 1, options: typeOptions, validFor: /^\w*$/ };
    return null;
  };
}

export const ProjectionEditor = ({
  value,
  onChange,
  eventTypes,
  label,
  editorRef,
}: {
  value: string;
  onChange: (code: string) => void;
  eventTypes: AnalystEventTypeInfo[];
  label: string;
  editorRef?: React.Ref<ReactCodeMirrorRef>;
}) => {
  const extensions = useMemo(
    () => [
      javascript(),
      autocompletion({ override: [eventViewCompletions(eventTypes)] }),
      EditorView.lineWrapping,
      // The content is contenteditable; an explicit tabindex tells assistive checks that its scroll area is keyboard-reachable.
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    ],
    [eventTypes, label],
  );
  return (
    <CodeMirror
      ref={editorRef}
      value={value}
      onChange={onChange}
      extensions={extensions}
      indentWithTab={false}
      minHeight="320px"
      maxHeight="60vh"
      basicSetup={{ autocompletion: false }}
      style={{ fontSize: 14, border: '1px solid rgba(0, 0, 0, 0.23)', borderRadius: 4, overflow: 'hidden' }}
    />
  );
};
