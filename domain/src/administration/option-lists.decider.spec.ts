import { deciderSpecification } from '../test-support/decider-specification';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { foldEvents } from '../decider';
import { OPTION_LIST_MESSAGES, optionItemName, optionListDecider } from './option-lists.decider';
import { OptionListEvent, OptionListEvents } from './option-lists.events';

const initialized = optionListDecider('initialized');
const fosterCare = optionListDecider('fosterCareStatus');
const types = deciderSpecification(initialized);
const statuses = deciderSpecification(fosterCare);

const added = (itemId: string, name: string): OptionListEvent => ({
  type: OptionListEvents.ItemAdded,
  data: { list: 'initialized', itemId, name },
});
const deleted = (itemId: string, name: string): OptionListEvent => ({
  type: OptionListEvents.ItemDeleted,
  data: { list: 'initialized', itemId, name },
});

const expectFieldRefusal = (message: string) => (error: DomainRuleViolation) => {
  expect(error.message).toBe(message);
  expect(error.fieldErrors).toEqual({ name: [message] });
  expect(error.conflict).toBe(false);
};

describe('option list decider', () => {
  it('starts from the defaults: assessment types 62, 63, 64 and the four looked-after statuses', () => {
    expect(initialized.initialState.items.map((item) => item.id)).toEqual(['62', '63', '64']);
    expect(fosterCare.initialState.items.map((item) => item.name)).toEqual([
      'Section 20',
      'Section 31',
      'Emergency protection order',
      'DoLO',
    ]);
  });

  it('adds an Initialized item under the next number after the highest (65), its name trimmed', () => {
    types
      .given([])
      .when({ type: 'AddOptionItem', name: '  Review Assessment ' })
      .then([added('65', 'Review Assessment')]);
  });

  it('keys a new Foster Care Status item by its name, as the defaults are keyed (issue 31)', () => {
    statuses
      .given([])
      .when({ type: 'AddOptionItem', name: ' Section 38 ' })
      .then([{ type: OptionListEvents.ItemAdded, data: { list: 'fosterCareStatus', itemId: 'Section 38', name: 'Section 38' } }]);
  });

  it('never gives a name-keyed id twice: a status renamed or deleted keeps its id, a new one of that name gets "(2)"', () => {
    const status = (type: 'ItemAdded' | 'ItemDeleted', itemId: string, name: string): OptionListEvent =>
      ({ type: OptionListEvents[type], data: { list: 'fosterCareStatus', itemId, name } }) as OptionListEvent;
    statuses
      .given([status('ItemAdded', 'Section 38', 'Section 38'), status('ItemDeleted', 'Section 38', 'Section 38')])
      .when({ type: 'AddOptionItem', name: 'Section 38' })
      .then([{ type: OptionListEvents.ItemAdded, data: { list: 'fosterCareStatus', itemId: 'Section 38 (2)', name: 'Section 38' } }]);
    // A default renamed away from its name still holds the id "DoLO".
    statuses
      .given([
        {
          type: OptionListEvents.ItemRenamed,
          data: { list: 'fosterCareStatus', itemId: 'DoLO', name: 'Deprivation of liberty', previousName: 'DoLO' },
        },
      ])
      .when({ type: 'AddOptionItem', name: 'DoLO' })
      .then([{ type: OptionListEvents.ItemAdded, data: { list: 'fosterCareStatus', itemId: 'DoLO (2)', name: 'DoLO' } }]);
  });

  it('never gives a deleted id again: rows that stored it keep meaning the deleted option', () => {
    types
      .given([added('65', 'Review'), deleted('65', 'Review')])
      .when({ type: 'AddOptionItem', name: 'Review again' })
      .then([added('66', 'Review again')]);
  });

  it.each([
    ['', OPTION_LIST_MESSAGES.required],
    ['   ', OPTION_LIST_MESSAGES.required],
    ['x'.repeat(201), 'Option Value can be at most 200 characters.'],
    [' re-ASSESSMENT ', 'This list already has an option named "Re-assessment".'],
  ])('refuses the name %p with a message beside the field (400)', (name, message) => {
    types.given([]).when({ type: 'AddOptionItem', name }).thenThrows(DomainRuleViolation, expectFieldRefusal(message));
    types.given([]).when({ type: 'RenameOptionItem', itemId: '62', name }).thenThrows(DomainRuleViolation, expectFieldRefusal(message));
  });

  it('says the spec message for an empty name', () => {
    expect(OPTION_LIST_MESSAGES.required).toBe('Option Value is required.');
  });

  it('renames an item (also a change of case only); the same name again changes nothing', () => {
    types
      .given([])
      .when({ type: 'RenameOptionItem', itemId: '63', name: 'Re-Assessment' })
      .thenEvents((events, state) => {
        expect(events).toEqual([
          {
            type: OptionListEvents.ItemRenamed,
            data: { list: 'initialized', itemId: '63', name: 'Re-Assessment', previousName: 'Re-assessment' },
          },
        ]);
        expect(optionItemName(state.items, '63')).toBe('Re-Assessment');
      });
    types.given([]).when({ type: 'RenameOptionItem', itemId: '63', name: ' Re-assessment ' }).thenNothing();
  });

  it('deletes an unused item; a deleted or unknown item is 404', () => {
    types
      .given([])
      .when({ type: 'DeleteOptionItem', itemId: '64', usedBy: 0 })
      .then([deleted('64', 'Closing Assessment')]);
    const gone = [deleted('64', 'Closing Assessment')];
    types.given(gone).when({ type: 'DeleteOptionItem', itemId: '64', usedBy: 0 }).thenThrows(NotFoundError, OPTION_LIST_MESSAGES.notFound);
    types.given(gone).when({ type: 'RenameOptionItem', itemId: '64', name: 'x' }).thenThrows(NotFoundError, OPTION_LIST_MESSAGES.notFound);
    expect(foldEvents(initialized, gone).items.map((item) => item.id)).toEqual(['62', '63']);
  });

  it.each([
    [1, 'This option cannot be deleted: 1 assessment uses it. Rename it instead: the assessments that use it will show the new name.'],
    [12, 'This option cannot be deleted: 12 assessments use it. Rename it instead: the assessments that use it will show the new name.'],
  ])('keeps an item %i assessments use, saying how many and that it can be renamed (409)', (usedBy, message) => {
    types
      .given([])
      .when({ type: 'DeleteOptionItem', itemId: '62', usedBy })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.message).toBe(message);
        expect(error.conflict).toBe(true);
        expect(error.details).toEqual({ usedBy });
      });
  });

  it('never deletes the last item of a list (409)', () => {
    types
      .given([deleted('63', 'Re-assessment'), deleted('64', 'Closing Assessment')])
      .when({ type: 'DeleteOptionItem', itemId: '62', usedBy: 0 })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.message).toBe(OPTION_LIST_MESSAGES.lastItem);
        expect(error.conflict).toBe(true);
      });
  });

  it('names an id the list no longer has by the id itself', () => {
    expect(optionItemName(initialized.initialState.items, '62')).toBe('Initial Assessment');
    expect(optionItemName(initialized.initialState.items, '99')).toBe('99');
  });
});
