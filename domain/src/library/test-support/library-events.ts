/** Typed library events for decider and projection specs: a small library in a few lines. */
import type { AnswerDescriptions } from '../instrument/instrument.types';
import { LibraryEvent, LibraryItemAddedData, LibraryItemEvents, QuestionRuleContent, QuestionRuleEvents } from '../library.events';

export const domainId = '3b0f3c7e-1d7a-4a53-8f6e-2f1d7c1b9a01';
export const moduleId = '3b0f3c7e-1d7a-4a53-8f6e-2f1d7c1b9a02';
export const questionId = '3b0f3c7e-1d7a-4a53-8f6e-2f1d7c1b9a03';
export const ruleId = '3b0f3c7e-1d7a-4a53-8f6e-2f1d7c1b9a04';
/** A question directly in the domain: rules triggered by it may open the module. */
export const triggerQuestionId = '3b0f3c7e-1d7a-4a53-8f6e-2f1d7c1b9a05';

/** A question answered only "not applicable" (answers 0-3 left empty). */
export const ANSWERS_NA_ONLY: AnswerDescriptions = { '0': '', '1': '', '2': '', '3': '', NA: 'Not applicable.' };

/** LibraryItemAdded with defaults for what a spec does not care about. */
export function added(
  fields: Pick<LibraryItemAddedData, 'itemId' | 'code' | 'type' | 'parentId' | 'order'> & Partial<LibraryItemAddedData>,
): LibraryEvent {
  const data: LibraryItemAddedData = {
    name: fields.code,
    shortName: null,
    description: '<p>x</p>',
    ageMin: null,
    ageMax: null,
    answers: null,
    ratingMeaning: fields.type === 'domain' ? 'need' : null,
    actionableRatings: fields.type === 'domain' ? ['2', '3'] : null,
    visible: true,
    caregiverItem: false,
    ...fields,
  };
  return { type: LibraryItemEvents.Added, data };
}

/** "Show the module when the domain's question is answered N/A". */
export const showModuleRule: QuestionRuleContent = {
  name: 'Show the sleep module',
  description: 'Naps not applicable.',
  trigger: { domainId, moduleId: null, questionId: triggerQuestionId },
  answers: ['NA'],
  action: 'show',
  target: { moduleId, questionId: null },
};

export const ruleAdded: LibraryEvent = { type: QuestionRuleEvents.Added, data: { ruleId, code: 'SHOW_NAPS', ...showModuleRule } };
