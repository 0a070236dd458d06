/**
 * The library stream's decider: items and question rules share the one "library" stream (library-state.ts says
 * why), so one decider answers both kinds of command. Its state is the whole library.
 */
import type { Decider } from '../decider';
import { LIBRARY_EVENT_TYPES, LibraryEvent } from './library.events';
import { decideLibraryItemCommand, LibraryItemCommand } from './library-item.decider';
import { emptyLibraryState, evolveLibrary, LibraryState } from './library-state';
import { decideQuestionRuleCommand, QuestionRuleCommand } from './question-rule.decider';

export type LibraryCommand = LibraryItemCommand | QuestionRuleCommand;

export const libraryDecider: Decider<LibraryState, LibraryCommand, LibraryEvent> = {
  initialState: emptyLibraryState,
  eventTypes: LIBRARY_EVENT_TYPES,
  decide(command, state) {
    switch (command.type) {
      case 'AddQuestionRule':
      case 'EditQuestionRule':
      case 'DeleteQuestionRule':
        return decideQuestionRuleCommand(command, state);
      default:
        return decideLibraryItemCommand(command, state);
    }
  },
  evolve: evolveLibrary,
};
