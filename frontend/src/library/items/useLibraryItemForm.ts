/*
 * The state and the save of the library add/edit dialog. The API validates; its field messages show under the
 * fields, any other refusal as a notification.
 */
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useApiMutation } from '../../providers/useApi';
import { RATINGS, type Rating } from '../../shared/ratings';
import { addLibraryItem, updateLibraryItem } from '../library-api';
import { flattenTree } from '../library-tree';
import type { LibraryItem, LibraryItemInput, LibraryItemType, LibraryTreeNode } from '../library-types';

export interface LibraryItemFormState {
  type: LibraryItemType;
  domainId: string;
  moduleId: string;
  name: string;
  shortName: string;
  description: string;
  visible: boolean;
  caregiverItem: boolean;
  ageMin: string;
  ageMax: string;
  answers: Record<Rating, string>;
}

/** Preselected values when adding (e.g. "add a question to this module"). */
export type LibraryItemDefaults = Partial<Pick<LibraryItemFormState, 'type' | 'domainId' | 'moduleId'>>;

const emptyAnswers = (): Record<Rating, string> => ({ '0': '', '1': '', '2': '', '3': '', '4': '', NA: '' });

function initialState(item: LibraryItem | null, defaults: LibraryItemDefaults): LibraryItemFormState {
  if (!item) {
    return {
      type: 'question',
      domainId: '',
      moduleId: '',
      name: '',
      shortName: '',
      description: '',
      visible: true,
      caregiverItem: false,
      ageMin: '',
      ageMax: '',
      answers: emptyAnswers(),
      ...defaults,
    };
  }
  const answers = emptyAnswers();
  for (const rating of RATINGS) answers[rating] = item.answers?.[rating] ?? '';
  return {
    type: item.type,
    domainId: item.domainId ?? '',
    moduleId: item.moduleId ?? '',
    name: item.name ?? '',
    shortName: item.shortName ?? '',
    description: item.description ?? '',
    visible: item.visible,
    caregiverItem: item.caregiverItem,
    ageMin: item.ageMin === null ? '' : String(item.ageMin),
    ageMax: item.ageMax === null ? '' : String(item.ageMax),
    answers,
  };
}

/** '' → null; anything else as a number (the API tells whole numbers and range). */
const age = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function toInput(form: LibraryItemFormState, item: LibraryItem | null): LibraryItemInput {
  return {
    type: form.type,
    description: form.description,
    visible: form.visible,
    ageMin: age(form.ageMin),
    ageMax: age(form.ageMax),
    shortName: form.type === 'text' ? null : form.shortName.trim() || null,
    ...(form.type === 'text' ? {} : { name: form.name }),
    ...(form.type === 'domain'
      ? { caregiverItem: form.caregiverItem }
      : { domainId: form.domainId || null, moduleId: form.moduleId || null }),
    ...(form.type === 'question'
      ? {
          answers: Object.fromEntries(
            RATINGS.filter((r) => r !== '4' || form.answers['4'].trim() !== '').map((r) => [r, form.answers[r].trim() || null]),
          ),
        }
      : {}),
    ...(item ? { revision: item.revision } : {}),
  };
}

export function useLibraryItemForm(
  item: LibraryItem | null,
  defaults: LibraryItemDefaults,
  domains: LibraryTreeNode[],
  onSaved: () => void,
) {
  const notify = useNotify();
  const translate = useTranslate();
  const [form, setForm] = useState<LibraryItemFormState>(() => initialState(item, defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** Drops the messages of fields the user changes (they were about the old value). */
  const clearErrors = (...fields: string[]) =>
    setErrors((current) =>
      fields.some((f) => f in current) ? Object.fromEntries(Object.entries(current).filter(([k]) => !fields.includes(k))) : current,
    );

  const set = <K extends keyof LibraryItemFormState>(key: K, value: LibraryItemFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(key, ...(key === 'ageMin' || key === 'ageMax' ? ['ageMin', 'ageMax'] : []));
  };

  /** Another domain: the module chosen in the old one no longer applies. */
  const setDomain = (domainId: string) => {
    setForm((f) => ({ ...f, domainId, moduleId: '' }));
    clearErrors('domainId', 'moduleId');
  };

  const setAnswer = (rating: Rating, text: string) => {
    setForm((f) => ({ ...f, answers: { ...f.answers, [rating]: text } }));
    clearErrors(`answers.${rating}`);
  };

  /** Modules of the chosen domain at any depth (a module cannot go inside itself or its own modules). */
  const moduleChoices = useMemo(() => {
    const domain = domains.find((d) => d.id === form.domainId);
    if (!domain) return [];
    const excluded = new Set(item?.type === 'module' ? flattenTree([item]).map((n) => n.id) : []);
    const choices: { id: string; label: string }[] = [];
    const walk = (modules: LibraryTreeNode[] | undefined, depth: number) => {
      for (const module of modules ?? []) {
        if (excluded.has(module.id)) continue;
        choices.push({ id: module.id, label: `${'— '.repeat(depth)}${module.name}` });
        walk(module.modules, depth + 1);
      }
    };
    walk(domain.modules, 0);
    return choices;
  }, [domains, form.domainId, item]);

  const saving = useApiMutation(
    (send, input: LibraryItemInput) => (item ? updateLibraryItem(send, { id: item.id, input }) : addLibraryItem(send, input)),
    {
      onSuccess: () => {
        notify(translate('cans.library.saved', { type: translate(`cans.library.types.${form.type}`) }), { type: 'success' });
        onSaved();
      },
      onError: (error) => {
        if (Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
        else notify(error.message, { type: 'error', autoHideDuration: 5000 });
      },
    },
  );

  return {
    form,
    errors,
    set,
    setDomain,
    setAnswer,
    moduleChoices,
    save: () => saving.mutate(toInput(form, item)),
    saving: saving.isPending,
  };
}
