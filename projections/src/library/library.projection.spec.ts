import { LibraryNodeKind } from '@cans/domain/library/instrument/instrument.types';
import {
  LIBRARY_STREAM_ID,
  LibraryEvent,
  LibraryItemContent,
  LibraryItemEvents,
  QuestionRuleContent,
  QuestionRuleEvents,
} from '@cans/domain/library/library.events';
import { describeProjection } from '../test-support/projection-specification';
import {
  LIBRARY_ITEMS_COLLECTION,
  LIBRARY_STATUS_COLLECTION,
  LIBRARY_VERSIONS_COLLECTION,
  LibraryItemDocument,
  libraryProjection,
  QUESTION_RULES_COLLECTION,
} from './library.projection';
import { getLibraryItem, getQuestionRule, listLibraryItems, listLibraryVersions, listQuestionRules, wholeLibrary } from './library.queries';

const ANSWERS = { '0': 'No need', '1': 'Watch', '2': 'Act', '3': 'Act now', NA: 'Not applicable' };

const content = (name: string, overrides: Partial<LibraryItemContent> = {}): LibraryItemContent => ({
  name,
  shortName: null,
  description: `<p>${name}</p>`,
  ageMin: null,
  ageMax: null,
  answers: null,
  ratingMeaning: null,
  actionableRatings: null,
  ...overrides,
});
const added = (code: string, type: LibraryNodeKind, parentId: string | null, order: number, visible = true): LibraryEvent => ({
  type: LibraryItemEvents.Added,
  data: {
    itemId: code.toLowerCase(),
    code,
    type,
    parentId,
    order,
    visible,
    caregiverItem: false,
    ...content(
      `${code} name`,
      type === 'question' ? { answers: ANSWERS } : type === 'domain' ? { ratingMeaning: 'need', actionableRatings: ['2', '3'] } : {},
    ),
  },
});
const visibility = (itemId: string, visible: boolean, changedItemIds: string[]): LibraryEvent => ({
  type: LibraryItemEvents.VisibilityChanged,
  data: { itemId, visible, changedItemIds },
});
const rule = (overrides: Partial<QuestionRuleContent> = {}): QuestionRuleContent => ({
  name: 'Show follow-up',
  description: 'When the trigger is actionable',
  trigger: { domainId: 'd2', moduleId: 'm1', questionId: 'q2' },
  answers: ['2', '3'],
  action: 'show',
  target: { moduleId: null, questionId: 'q1' },
  ...overrides,
});

describeProjection(libraryProjection, (spec) => {
  const item = (id: string) => spec.document<LibraryItemDocument>(LIBRARY_ITEMS_COLLECTION, id);
  const counts = async (id: string) => {
    const doc = await item(id);
    return doc && { leafCount: doc.leafCount, visibleLeafCount: doc.visibleLeafCount, visibilityState: doc.visibilityState };
  };
  const latestChange = async () =>
    (await listLibraryVersions(spec.readStore, { sort: [{ field: 'version', direction: 'desc' }], skip: 0, limit: 1, filter: {} })).rows[0];

  it('adds items with their type code, enclosing domain and module, and leaf counts on every container', async () => {
    await spec.given(LIBRARY_STREAM_ID, [
      added('D1', 'domain', null, 1),
      added('M1', 'module', 'd1', 1),
      added('Q1', 'question', 'm1', 1),
      added('Q2', 'question', 'm1', 2, false),
      added('T1', 'text', 'd1', 2),
    ]);
    expect(await item('d1')).toMatchObject({
      code: 'D1',
      type: 'domain',
      typeCode: 1,
      parentId: null,
      domainId: null,
      moduleId: null,
      ratingMeaning: 'need',
      actionableRatings: ['2', '3'],
      revision: 0,
    });
    expect(await item('m1')).toMatchObject({ typeCode: 2, parentId: 'd1', domainId: 'd1', moduleId: null });
    expect(await item('q1')).toMatchObject({
      typeCode: 3,
      domainId: 'd1',
      moduleId: 'm1',
      answers: ANSWERS,
      visibilityState: 'visible',
      leafCount: 0,
    });
    expect(await item('q2')).toMatchObject({ visible: false, visibilityState: 'hidden' });
    expect(await item('t1')).toMatchObject({ typeCode: 4, domainId: 'd1', moduleId: null });
    expect(await counts('m1')).toEqual({ leafCount: 2, visibleLeafCount: 1, visibilityState: 'indeterminate' });
    expect(await counts('d1')).toEqual({ leafCount: 3, visibleLeafCount: 2, visibilityState: 'indeterminate' });

    expect(await wholeLibrary(spec.readStore)).toMatchObject({ version: 5 });
    expect(await latestChange()).toMatchObject({
      version: 5,
      change: LibraryItemEvents.Added,
      summary: 'Added text T1',
      itemId: 't1',
      ruleId: null,
      userId: 'worker-1',
    });
  });

  it('follows visibility switches up to the displayed state of every parent', async () => {
    await spec.given(LIBRARY_STREAM_ID, [visibility('q2', true, ['q2'])]);
    expect(await counts('m1')).toEqual({ leafCount: 2, visibleLeafCount: 2, visibilityState: 'visible' });
    expect(await counts('d1')).toEqual({ leafCount: 3, visibleLeafCount: 3, visibilityState: 'visible' });
    expect(await latestChange()).toMatchObject({ summary: 'Showed question Q2', itemId: 'q2' });

    await spec.given(LIBRARY_STREAM_ID, [visibility('m1', false, ['m1', 'q1', 'q2'])]);
    expect(await counts('m1')).toEqual({ leafCount: 2, visibleLeafCount: 0, visibilityState: 'hidden' });
    expect(await counts('d1')).toEqual({ leafCount: 3, visibleLeafCount: 1, visibilityState: 'indeterminate' });
    expect(await item('q1')).toMatchObject({ visible: false, visibilityState: 'hidden' });
    expect(await latestChange()).toMatchObject({ summary: 'Hid module M1' });

    await spec.given(LIBRARY_STREAM_ID, [visibility('m1', true, ['m1', 'q1', 'q2'])]);
    expect(await counts('d1')).toEqual({ leafCount: 3, visibleLeafCount: 3, visibilityState: 'visible' });
  });

  it('saves edits, caregiver flags of a whole domain and new orders', async () => {
    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: LibraryItemEvents.Edited,
        data: { itemId: 'q1', ...content('Sleep', { shortName: 'SLP', ageMin: 5, ageMax: 17, answers: ANSWERS }) },
      },
    ]);
    expect(await item('q1')).toMatchObject({
      code: 'Q1',
      name: 'Sleep',
      shortName: 'SLP',
      ageMin: 5,
      ageMax: 17,
      visible: true,
      revision: 8,
    });
    expect(await latestChange()).toMatchObject({ summary: 'Edited question Q1' });

    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: LibraryItemEvents.CaregiverFlagChanged,
        data: { domainId: 'd1', caregiverItem: true, itemIds: ['d1', 'm1', 'q1', 'q2', 't1'] },
      },
    ]);
    expect((await spec.documents<LibraryItemDocument>(LIBRARY_ITEMS_COLLECTION)).map((doc) => doc.caregiverItem)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await latestChange()).toMatchObject({ summary: "Set caregiver's item on for domain D1", itemId: 'd1' });

    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: LibraryItemEvents.Reordered,
        data: {
          orders: [
            { itemId: 't1', order: 0 },
            { itemId: 'm1', order: 5 },
          ],
        },
      },
    ]);
    expect(await item('t1')).toMatchObject({ order: 0 });
    expect(await item('m1')).toMatchObject({ order: 5 });
    expect(await latestChange()).toMatchObject({ summary: 'Reordered 2 items', itemId: null });
  });

  it('moves a subtree to another domain, moving its leaf counts and its domain and caregiver flag', async () => {
    await spec.given(LIBRARY_STREAM_ID, [added('D2', 'domain', null, 2)]);
    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: LibraryItemEvents.Moved,
        data: {
          itemId: 'm1',
          fromParentId: 'd1',
          toParentId: 'd2',
          order: 1,
          caregiverItem: false,
          subtreeItemIds: ['m1', 'q1', 'q2'],
          domainId: 'd2',
        },
      },
    ]);
    expect(await counts('d1')).toEqual({ leafCount: 1, visibleLeafCount: 1, visibilityState: 'visible' });
    expect(await counts('d2')).toEqual({ leafCount: 2, visibleLeafCount: 2, visibilityState: 'visible' });
    expect(await item('m1')).toMatchObject({ parentId: 'd2', domainId: 'd2', moduleId: null, order: 1, caregiverItem: false });
    expect(await item('q1')).toMatchObject({ parentId: 'm1', domainId: 'd2', moduleId: 'm1', caregiverItem: false });
    expect(await latestChange()).toMatchObject({ summary: 'Moved module M1' });

    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: LibraryItemEvents.Moved,
        data: {
          itemId: 'q1',
          fromParentId: 'm1',
          toParentId: 'd2',
          order: 3,
          caregiverItem: false,
          subtreeItemIds: ['q1'],
          domainId: 'd2',
        },
      },
    ]);
    expect(await item('q1')).toMatchObject({ parentId: 'd2', domainId: 'd2', moduleId: null, order: 3 });
    expect(await counts('m1')).toEqual({ leafCount: 1, visibleLeafCount: 1, visibilityState: 'visible' });
    expect(await counts('d2')).toEqual({ leafCount: 2, visibleLeafCount: 2, visibilityState: 'visible' });
  });

  it('keeps question rules with the codes of the items they reference', async () => {
    await spec.given(LIBRARY_STREAM_ID, [{ type: QuestionRuleEvents.Added, data: { ruleId: 'r1', code: 'R1', ...rule() } }]);
    const addedRule = await getQuestionRule(spec.readStore, 'r1');
    expect(addedRule).toMatchObject({
      code: 'R1',
      name: 'Show follow-up',
      triggerDomainId: 'd2',
      triggerModuleId: 'm1',
      triggerQuestionId: 'q2',
      answers: ['2', '3'],
      action: 'show',
      moduleId: null,
      questionId: 'q1',
      triggerDomainCode: 'D2',
      triggerModuleCode: 'M1',
      triggerQuestionCode: 'Q2',
      targetModuleCode: null,
      targetQuestionCode: 'Q1',
    });
    expect(await latestChange()).toMatchObject({ summary: 'Added rule R1', ruleId: 'r1', itemId: null });

    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: QuestionRuleEvents.Edited,
        data: { ruleId: 'r1', ...rule({ name: 'Hide module', action: 'hide', target: { moduleId: 'm1', questionId: null } }) },
      },
    ]);
    const editedRule = await getQuestionRule(spec.readStore, 'r1');
    expect(editedRule).toMatchObject({
      code: 'R1',
      name: 'Hide module',
      action: 'hide',
      targetModuleCode: 'M1',
      targetQuestionCode: null,
      createdAt: addedRule?.createdAt,
    });
    expect(editedRule?.revision).toBeGreaterThan(Number(addedRule?.revision));

    await spec.given(LIBRARY_STREAM_ID, [
      { type: QuestionRuleEvents.Added, data: { ruleId: 'r2', code: 'R2', ...rule({ name: 'Spare' }) } },
    ]);
    await spec.given(LIBRARY_STREAM_ID, [{ type: QuestionRuleEvents.Deleted, data: { ruleId: 'r2' } }]);
    expect(await getQuestionRule(spec.readStore, 'r2')).toBeNull();
    expect(await latestChange()).toMatchObject({ summary: 'Deleted rule R2', ruleId: 'r2' });
  });

  it('deletes an item with everything under it and takes its leaves off the counts; rules keep the codes', async () => {
    await spec.given(LIBRARY_STREAM_ID, [
      { type: LibraryItemEvents.Deleted, data: { itemId: 'm1', type: 'module', code: 'M1', deletedItemIds: ['m1', 'q2'] } },
    ]);
    expect(await item('m1')).toBeNull();
    expect(await item('q2')).toBeNull();
    expect(await counts('d2')).toEqual({ leafCount: 1, visibleLeafCount: 1, visibilityState: 'visible' });
    expect(await latestChange()).toMatchObject({ summary: 'Deleted module M1', itemId: 'm1' });
    expect(await getQuestionRule(spec.readStore, 'r1')).toMatchObject({ triggerModuleCode: 'M1', triggerQuestionCode: 'Q2' });
  });

  it('ignores library events of any other stream', async () => {
    const before = await wholeLibrary(spec.readStore);
    await spec.given('library-archive', [added('X1', 'domain', null, 9)]);
    expect(await item('x1')).toBeNull();
    expect(await wholeLibrary(spec.readStore)).toEqual(before);
  });

  it('answers the item list, one item, the whole library, the rule list and the version history', async () => {
    const page = { sort: [{ field: 'order', direction: 'asc' as const }], skip: 0, limit: 10 };
    expect((await listLibraryItems(spec.readStore, { ...page, filter: {} })).rows.map((doc) => doc.code)).toEqual(['T1', 'D1', 'D2', 'Q1']);
    expect(await listLibraryItems(spec.readStore, { ...page, filter: { type: 'domain' } })).toMatchObject({
      total: 2,
      rows: [{ code: 'D1' }, { code: 'D2' }],
    });
    expect(await listLibraryItems(spec.readStore, { ...page, filter: { q: 'SLP' } })).toMatchObject({ total: 1, rows: [{ code: 'Q1' }] });
    expect(await listLibraryItems(spec.readStore, { ...page, filter: { q: 'T1' } })).toMatchObject({ total: 1, rows: [{ id: 't1' }] });
    await expect(listLibraryItems(spec.readStore, { ...page, filter: { order: { $gt: 0 } } })).rejects.toMatchObject({
      fieldErrors: { 'filter.order': ['must be a value or a list of values'] },
    });
    expect(await getLibraryItem(spec.readStore, 'q1')).toMatchObject({ name: 'Sleep' });
    expect(await getLibraryItem(spec.readStore, 'q2')).toBeNull();

    const library = await wholeLibrary(spec.readStore);
    expect(library.items.map((doc) => doc.code)).toEqual(['T1', 'D1', 'D2', 'Q1']);
    const versions = await listLibraryVersions(spec.readStore, {
      sort: [{ field: 'version', direction: 'asc' }],
      skip: 0,
      limit: 100,
      filter: {},
    });
    expect(library.version).toBe(versions.total);
    expect(versions.rows.map((row) => row.version)).toEqual(Array.from({ length: versions.total }, (_, index) => index + 1));
    expect(
      (await listLibraryVersions(spec.readStore, { ...page, sort: [], filter: { q: 'rule' } })).rows.map((row) => row.summary).sort(),
    ).toEqual(['Added rule R1', 'Added rule R2', 'Deleted rule R2', 'Edited rule R1']);

    expect(await listQuestionRules(spec.readStore, { ...page, sort: [], filter: {} })).toMatchObject({ total: 1, rows: [{ code: 'R1' }] });
    expect(await listQuestionRules(spec.readStore, { ...page, sort: [], filter: { q: 'actionable' } })).toMatchObject({ total: 1 });
    expect(await listQuestionRules(spec.readStore, { ...page, sort: [], filter: { q: 'nothing like it' } })).toMatchObject({
      total: 0,
      rows: [],
    });
  });

  it('rebuilds from event zero to the same documents', async () => {
    const collections = [LIBRARY_ITEMS_COLLECTION, QUESTION_RULES_COLLECTION, LIBRARY_VERSIONS_COLLECTION, LIBRARY_STATUS_COLLECTION];
    const before = await Promise.all(collections.map((collection) => spec.documents(collection)));
    await spec.rebuild();
    expect(await Promise.all(collections.map((collection) => spec.documents(collection)))).toEqual(before);
  });
});
