import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import { LibraryEvent, LibraryItemEvents, QuestionRuleEvents } from './library.events';
import { libraryDecider } from './library.decider';
import { LibraryItemAlreadyExistsError } from './library-item.input';
import { LIBRARY_MESSAGE_TEXT } from './library-messages';
import {
  ANSWERS_NA_ONLY,
  added,
  domainId,
  moduleId,
  questionId,
  ruleAdded,
  ruleId,
  showModuleRule,
  triggerQuestionId,
} from './test-support/library-events';

const spec = deciderSpecification(libraryDecider);
const library: LibraryEvent[] = [
  added({ itemId: domainId, code: 'SLEEP_DOMAIN', type: 'domain', parentId: null, order: 1 }),
  added({ itemId: moduleId, code: 'SLEEP_MODULE', type: 'module', parentId: domainId, order: 1 }),
  added({ itemId: questionId, code: 'NAPS', type: 'question', parentId: moduleId, order: 1, answers: ANSWERS_NA_ONLY }),
  added({ itemId: triggerQuestionId, code: 'BEDTIME', type: 'question', parentId: domainId, order: 1, answers: ANSWERS_NA_ONLY }),
];

describe('library decider: items', () => {
  it('adds a domain with a code derived from its name, placed last', () => {
    const itemId = '5f1f6c53-4f0e-4d44-9e0b-4d6d1f0b2a10';
    spec
      .given(library)
      .when({ type: 'AddLibraryItem', itemId, input: { type: 'domain', name: 'Decision Making (ages 6+)', description: '<p>x</p>' } })
      .thenEvents(([event], state) => {
        expect(event).toMatchObject({
          type: LibraryItemEvents.Added,
          data: { itemId, code: 'DECISION_MAKING_AGES_6', parentId: null, order: 2, visible: true },
        });
        expect(state.items.get(itemId)?.revision).toBe(library.length);
      });
  });

  it('never adds an id twice, even after a delete (the seed relies on it)', () => {
    const deleted: LibraryEvent = {
      type: LibraryItemEvents.Deleted,
      data: { itemId: questionId, type: 'question', code: 'NAPS', deletedItemIds: [questionId] },
    };
    spec
      .given([...library, deleted])
      .when({ type: 'AddLibraryItem', itemId: questionId, input: { type: 'question', domainId, name: 'Naps', description: '<p>x</p>' } })
      .thenThrows(LibraryItemAlreadyExistsError);
  });

  it('answers form refusals with the English text of each field', () => {
    spec
      .given(library)
      .when({
        type: 'AddLibraryItem',
        itemId: '7c0c8a0e-9a43-4d7b-8f67-0b9f6a3f1c21',
        input: { type: 'question', name: 'Q', description: '<p>x</p>' },
      })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
        expect(error.fieldErrors).toEqual({ domainId: [LIBRARY_MESSAGE_TEXT.lib_domain_required] }),
      );
  });

  it('refuses an edit of a stale item revision (409)', () => {
    spec
      .given(library)
      .when({
        type: 'EditLibraryItem',
        itemId: questionId,
        input: { type: 'question', domainId, moduleId, name: 'NAPS 2', description: '<p>x</p>' },
        expectedRevision: 0,
      })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => expect(error.conflict).toBe(true));
  });

  it('switches a module off with everything under it, and says which items changed', () => {
    spec
      .given(library)
      .when({ type: 'ChangeLibraryItemVisibility', itemId: moduleId, visible: false })
      .then([
        { type: LibraryItemEvents.VisibilityChanged, data: { itemId: moduleId, visible: false, changedItemIds: [moduleId, questionId] } },
      ]);
  });

  it('refuses to delete an item a question rule uses (409) and to change one that does not exist (404)', () => {
    spec
      .given([...library, ruleAdded])
      .when({ type: 'DeleteLibraryItem', itemId: moduleId })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => expect(error.conflict).toBe(true));
    spec.given(library).when({ type: 'DeleteLibraryItem', itemId: ruleId }).thenThrows(NotFoundError, 'The library item does not exist.');
  });

  it('appends nothing for a reorder that changes nothing', () => {
    spec
      .given(library)
      .when({ type: 'ReorderLibraryItems', orders: [{ id: domainId, order: 1 }] })
      .thenNothing();
  });
});

describe('library decider: question rules', () => {
  it('adds a rule that names existing items', () => {
    const { name, description } = showModuleRule;
    spec
      .given(library)
      .when({
        type: 'AddQuestionRule',
        ruleId,
        input: { code: 'SHOW_NAPS', name, description, triggerDomainId: domainId, triggerQuestionId, answers: ['NA'], moduleId },
      })
      .then([ruleAdded]);
  });

  it('refuses a trigger answer the question does not have', () => {
    spec
      .given(library)
      .when({
        type: 'AddQuestionRule',
        ruleId,
        input: { name: 'R', description: 'D', triggerDomainId: domainId, triggerQuestionId, answers: ['4'], moduleId },
      })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
        expect(error.fieldErrors).toEqual({ answers: ['The trigger question has no answer 4.'] }),
      );
  });

  it('deletes a rule once, then answers 404', () => {
    const deleted: LibraryEvent = { type: QuestionRuleEvents.Deleted, data: { ruleId } };
    spec
      .given([...library, ruleAdded])
      .when({ type: 'DeleteQuestionRule', ruleId })
      .then([deleted]);
    spec
      .given([...library, ruleAdded, deleted])
      .when({ type: 'DeleteQuestionRule', ruleId })
      .thenThrows(NotFoundError, 'The question rule does not exist.');
  });
});
